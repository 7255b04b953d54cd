using System.Buffers;
using System.Diagnostics;
using NFX.Glue.Contracts;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Serialization;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport;
using NFX.IO;
using NFX.Slim;

namespace NFX.Glue.Client;

/// <summary>
/// The client end of one connection: starts calls (id, pending entry, queued frame), matches answers to them,
/// times them out and fails them all when the link goes down.
/// </summary>
internal sealed partial class ClientConnection : GlueConnection
{
    // Deadlines are checked by one timer per connection instead of a timer per call.
    private static readonly TimeSpan s_sweepPeriod = TimeSpan.FromMilliseconds(50);

    private readonly GlueClient _client;
    private readonly GlueNode _node;
    private readonly PendingCallTable _pending = new();
    private readonly CallSlots _slots;
    private readonly ContractAnswer?[] _bindings = new ContractAnswer?[ProtocolConstants.MaxContracts];
    private readonly Dictionary<int, Task<ContractAnswer>> _bindTasks = new();
    private readonly IGlueSerializer? _exceptionReader;
    private readonly HashSet<Type>? _remoteExceptionTypes;
    private readonly List<PendingCall> _expired = new();
    private Timer? _sweep;
    private int _nextCallId;
    private volatile bool _draining;

    public ClientConnection(GlueClient client, GlueNode node, GlueTransport transport)
        : base(transport, client.SerializerFactory.CreateSender(client.Options.Versioning), NoReceiver.Instance, client.Options.MaxMessageSize,
              client.Metrics, GlueSide.Client, client.Logger)
    {
        _client = client;
        _node = node;
        _slots = new CallSlots(client.Options.MaxInFlight, frame => Enqueue(frame));
        if (client.Options.RemoteExceptionTypes.Count > 0)
        {
            SlimTypePolicy policy = SlimTypePolicy.Default.AllowTypes([.. client.Options.RemoteExceptionTypes]);
            _exceptionReader = client.SerializerFactory.CreateStateless(policy, client.Options.MaxMessageSize);
            _remoteExceptionTypes = [.. client.Options.RemoteExceptionTypes];
        }
    }

    /// <summary>Calls started and not yet finished, read without a lock (load balancing, endpoint status).</summary>
    public int InFlight => _pending.Count;

    /// <summary>New calls may start here: open, and the server has not announced that it is stopping.</summary>
    public bool IsUsable => !_draining && !IsClosing;

    /// <summary>Sends Hello with the client's contracts, reads Welcome (or Refused), then starts the loops.</summary>
    public async Task HandshakeAsync(IReadOnlyList<ContractDescriptor> contracts, CancellationToken cancellationToken)
    {
        try
        {
            var requests = new ContractRequest[contracts.Count];
            for (int i = 0; i < requests.Length; i++)
            {
                requests[i] = Request(contracts[i]);
            }
            LayoutStance layouts = LayoutStance.Of(_client.Options.Versioning);
            uint flags = (_exceptionReader is null ? 0 : ProtocolConstants.FlagExceptionObjects) | layouts.ToHelloFlags() | ProtocolConstants.FlagReadsSlimFormat2;
            using (var w = new SlimWriter(1024))
            {
                HandshakeCodec.WriteHello(w, new HelloMessage(ProtocolConstants.Version, flags, _client.Options.MaxMessageSize, _client.Options.AuthToken ?? [], requests));
                await WriteHandshakeFrameAsync(FrameType.Hello, w, cancellationToken).ConfigureAwait(false);
            }
            (FrameType type, ReadOnlySequence<byte> content) = await ReadHandshakeFrameAsync(cancellationToken).ConfigureAwait(false);
            if (type == FrameType.Refused)
            {
                (RefusalCode code, string message) = HandshakeCodec.ReadRefused(content);
                throw code switch
                {
                    RefusalCode.Authentication => new GlueAuthenticationException($"The server refused the client: {message}"),
                    RefusalCode.Layouts => new GlueProtocolException($"The server refused the client's layout versioning: {message}"),
                    _ => new GlueProtocolException($"The server refused the client ({code}): {message}"),
                };
            }
            if (type != FrameType.Welcome)
            {
                throw new GlueProtocolException($"Expected Welcome from the server, got frame type 0x{(byte)type:X2}.");
            }
            WelcomeMessage welcome = HandshakeCodec.ReadWelcome(content, requests, layoutsAsked: true, slimFormat2Asked: true);
            if (welcome.Version != ProtocolConstants.Version)
            {
                throw new GlueProtocolException($"The server speaks protocol version {welcome.Version}, not {ProtocolConstants.Version}.");
            }
            if (LayoutStance.Disagreement(layouts, LayoutStance.FromWelcome(welcome.Layouts)) is string disagreement)
            {
                // A server that predates negotiation never refuses: it writes member lists this client does not accept.
                throw new GlueProtocolException(welcome.Layouts is null
                    ? $"The server predates layout negotiation and writes version-tolerant layouts, which this client refuses. {disagreement}"
                    : disagreement);
            }
            MaxSendSize = Math.Min(MaxSendSize, Math.Max(welcome.MaxMessageSize, 1024));
            if (welcome.Layouts is not byte answer || (answer & ProtocolConstants.WelcomeReadsSlimFormat2) == 0)
            {
                Sender.WriteFormatVersion1(); // a server of an earlier release reads Slim format version 1 only
            }
            for (int i = 0; i < requests.Length; i++)
            {
                _bindings[i] = welcome.Contracts[i];
            }
            Receiver = CreateReceiver();
        }
        catch (Exception e)
        {
            AbortHandshake(e as GlueException ?? new GlueConnectionException($"The handshake failed: {e.Message}", e));
            throw;
        }
        _sweep = new Timer(static s => ((ClientConnection)s!).Sweep(), this, s_sweepPeriod, s_sweepPeriod);
        StartLoops();
    }

    /// <summary>True when the contract is bound here and has the method: the call can start at once.</summary>
    public bool IsReady(int contractId, int methodId) =>
        Volatile.Read(ref _bindings[contractId]) is { Methods: bool[] methods } && methods[methodId];

    /// <summary>Binds the contract on this connection if needed; throws when the server lacks it or the method.</summary>
    public async ValueTask EnsureBoundAsync(int contractId, MethodDescriptor method, CancellationToken cancellationToken)
    {
        ContractAnswer? answer = Volatile.Read(ref _bindings[contractId]);
        if (answer is null)
        {
            Task<ContractAnswer> task;
            lock (_bindTasks)
            {
                if (!_bindTasks.TryGetValue(contractId, out task!))
                {
                    task = BindAsync(contractId, method.Contract);
                    _bindTasks[contractId] = task;
                }
            }
            answer = await task.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        if (!answer.IsHosted)
        {
            throw new GlueContractException($"The server does not host contract {method.Contract.Name}.");
        }
        if (!answer.Methods![method.Id])
        {
            throw new GlueContractException($"The server's contract {method.Contract.Name} has no method {method.Signature} (called as {method.DisplayName}).");
        }
    }

    private async Task<ContractAnswer> BindAsync(int contractId, ContractDescriptor contract)
    {
        var pending = new PendingCall<ContractAnswer>();
        try
        {
            Start(pending, _client.Options.DefaultDeadline);
            if (!Enqueue(OutgoingFrame.Bind(pending.CallId, contractId, Request(contract))))
            {
                Fail(pending.CallId, ClosedError());
            }
            return await pending.AsValueTask().ConfigureAwait(false);
        }
        catch
        {
            lock (_bindTasks)
            {
                _bindTasks.Remove(contractId);
            }
            throw;
        }
    }

    /// <summary>Sends a Ping and completes when its Pong arrives.</summary>
    public ValueTask PingAsync(CancellationToken cancellationToken)
    {
        var pending = new PendingCall<VoidResult>();
        Start(pending, _client.Options.DefaultDeadline);
        RegisterCancellation(pending, cancellationToken);
        if (!Enqueue(OutgoingFrame.Ping((ulong)pending.CallId)))
        {
            Fail(pending.CallId, ClosedError());
        }
        return pending.AsVoidValueTask();
    }

    /// <summary>
    /// Starts a call: registers it (from now on its deadline and cancellation apply) and queues its frame, or parks it
    /// until an in-flight slot frees up.
    /// </summary>
    public PendingCall<TResult> StartCall<TArgs, TResult>(int contractId, MethodDescriptor method, TArgs args, TimeSpan timeout,
        CancellationToken cancellationToken, bool waitForReady)
    {
        PendingCall<TResult> pending = PendingCallPool<TResult>.Rent();
        pending.Method = method;
        pending.ContractId = contractId;
        pending.Payload = method.HasArgs ? args : null;
        pending.CallToken = cancellationToken;
        pending.WaitForReady = waitForReady;
        Observe(pending, method);
        if (timeout != Timeout.InfiniteTimeSpan)
        {
            pending.Deadline = Environment.TickCount64 + (long)timeout.TotalMilliseconds;
        }
        Send(pending);
        return pending;
    }

    /// <summary>Sends an attempt of a call (the first, or a retry keeping its deadline) on this connection.</summary>
    public void Send(PendingCall call)
    {
        call.CallId = Interlocked.Increment(ref _nextCallId);
        if (!_pending.TryAdd(call))
        {
            // Closed before the call got in: nothing of it was written here.
            call.MarkFinished();
            FailOrRetry(call, ClosedError(), refused: false);
            return;
        }
        RegisterCancellation(call, call.CallToken);
        MethodDescriptor method = call.Method!;
        var frame = OutgoingFrame.Call(call, call.Generation, call.CallId, call.ContractId, method.Id, call.Payload, method.HasArgs);
        if (_slots.TakeOrQueue(call, frame) && !Enqueue(frame) && TryTake(call.CallId, out _))
        {
            FailOrRetry(call, ClosedError(), refused: false);
        }
    }

    /// <summary>
    /// Ends a call taken out of the table because its connection closed (or the server refused it unrun): the client
    /// retries it when that is safe and allowed, else it fails with <paramref name="error"/>.
    /// </summary>
    private void FailOrRetry(PendingCall call, Exception error, bool refused)
    {
        if (!_client.TryRetry(call, error, _node, refused))
        {
            call.SetException(error);
        }
    }

    /// <summary>Queues a one-way call; blocks only while the slots and the waiting line are both full (up to <paramref name="timeout"/>).</summary>
    public void SendOneWay<TArgs>(int contractId, MethodDescriptor method, TArgs args, TimeSpan timeout)
    {
        object? payload = method.HasArgs ? args : null;
        var frame = OutgoingFrame.OneWay(contractId, method.Id, payload, method.HasArgs, OutgoingTrace(null));
        if (_slots.TakeOrQueueOneWay(frame, timeout) == CallSlots.OneWayOutcome.Send)
        {
            Enqueue(frame);
        }
    }

    /// <summary>
    /// Telemetry of a starting call: metrics when a listener is on, a client span when the source has listeners, and the
    /// trace context to send (the span's, else the caller's current activity's), which makes the call frame a traced one.
    /// </summary>
    private void Observe(PendingCall pending, MethodDescriptor method)
    {
        if (Metrics.CallsObserved)
        {
            pending.Metrics = Metrics;
            pending.StartTimestamp = Stopwatch.GetTimestamp();
        }
        Activity? span = null;
        if (GlueTelemetry.Source.HasListeners())
        {
            span = StartSpan(method);
            pending.Span = span;
        }
        pending.TraceContext = OutgoingTrace(span);
    }

    /// <summary>The context to send for a call started now: the client span's, else the caller's current activity's.</summary>
    private static ActivityContext OutgoingTrace(Activity? span) => span?.Context ?? Activity.Current?.Context ?? default;

    private Activity? StartSpan(MethodDescriptor method)
    {
        Activity? caller = Activity.Current;
        Activity? span = GlueTelemetry.Source.StartActivity(method.SpanName, ActivityKind.Client);
        if (span is null)
        {
            return null;
        }
        // The proxy method returns synchronously: leave the caller's current activity as it was.
        Activity.Current = caller;
        if (span.IsAllDataRequested)
        {
            span.SetTag("rpc.system", "glue");
            span.SetTag("rpc.service", method.Contract.Name);
            span.SetTag("rpc.method", method.Method.Name);
            if (Transport.RemoteEndPoint is System.Net.IPEndPoint ip)
            {
                span.SetTag("server.address", ip.Address.ToString());
                span.SetTag("server.port", ip.Port);
            }
        }
        return span;
    }

    private bool Start(PendingCall pending, TimeSpan timeout)
    {
        pending.CallId = Interlocked.Increment(ref _nextCallId);
        if (timeout != Timeout.InfiniteTimeSpan)
        {
            pending.Deadline = Environment.TickCount64 + (long)timeout.TotalMilliseconds;
        }
        return _pending.TryAdd(pending);
    }

    private void RegisterCancellation(PendingCall pending, CancellationToken cancellationToken)
    {
        if (cancellationToken.CanBeCanceled)
        {
            pending.Registration = cancellationToken.UnsafeRegister(static (state, token) =>
            {
                var (connection, callId) = ((ClientConnection, int))state!;
                connection.CancelCall(callId, token);
            }, (this, pending.CallId));
        }
    }

    private void CancelCall(int callId, CancellationToken token)
    {
        if (TryTake(callId, out PendingCall? call))
        {
            Enqueue(OutgoingFrame.Cancel(callId));
            call.SetException(new OperationCanceledException("The call was canceled.", token));
        }
    }

    private void Sweep()
    {
        if (IsClosed)
        {
            return;
        }
        List<PendingCall> expired = _expired;
        lock (expired)
        {
            long now = Environment.TickCount64;
            CheckHeartbeat(now, _client.Options.HeartbeatInterval, _client.Options.HeartbeatTimeout);
            _pending.RemoveExpired(now, expired);
            foreach (PendingCall call in expired)
            {
                Finish(call);
                if (call.Method is not null)
                {
                    Enqueue(OutgoingFrame.Cancel(call.CallId));
                }
                string what = call.Method?.DisplayName ?? "The request";
                call.SetException(new GlueTimeoutException($"{what} did not complete before its deadline."));
            }
            expired.Clear();
        }
    }

    /// <summary>Takes a call out of the table (the one place that decides who completes it).</summary>
    private bool TryTake(int callId, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out PendingCall? call)
    {
        if (!_pending.TryRemove(callId, out call))
        {
            return false;
        }
        Finish(call);
        return true;
    }

    private void Finish(PendingCall call)
    {
        call.MarkFinished();
        call.Registration.Unregister();
        if (call.Method is not null)
        {
            ReleaseSlot(call);
        }
    }

    /// <summary>Frees a slot, handing it to the next waiting frame if there is one.</summary>
    private void ReleaseSlot(PendingCall? call) => _slots.Release(call);

    private void Fail(int callId, Exception error)
    {
        if (TryTake(callId, out PendingCall? call))
        {
            call.SetException(error);
        }
    }

    private GlueConnectionException ClosedError() => Wrap(CloseReason);

    private static GlueConnectionException Wrap(Exception? reason) => reason switch
    {
        GlueConnectionException c => new GlueConnectionException(c.Message, c),
        null => new GlueConnectionException("The connection is closed."),
        _ => new GlueConnectionException($"The connection was lost: {reason.Message}", reason),
    };

    protected override void OnClosed(Exception reason)
    {
        _sweep?.Dispose();
        _slots.Close();
        GlueConnectionException error = Wrap(reason);
        foreach (PendingCall call in _pending.Close())
        {
            call.MarkFinished();
            call.Registration.Unregister();
            FailOrRetry(call, error, refused: false);
        }
        _node.OnConnectionClosed(this, error);
    }

    /// <summary>The server announced that it will close this connection: take no new calls, let the pending ones finish.</summary>
    private void OnDraining(string reason)
    {
        _draining = true;
        _node.OnConnectionDraining(this, reason);
    }

    protected override string? MethodOf(in OutgoingFrame frame) =>
        frame.IsTwoWayCall ? (frame.Caller as PendingCall)?.Method?.DisplayName : null;

    protected override void OnSendFailed(in OutgoingFrame frame, Exception error)
    {
        if (frame.IsTwoWayCall)
        {
            Fail(frame.CallId, error);
        }
        else if (frame.IsCall)
        {
            ReleaseSlot(null);
        }
    }

    protected override void OnSent(in OutgoingFrame frame)
    {
        if (frame.IsCall && !frame.IsTwoWayCall)
        {
            ReleaseSlot(null);
        }
        else if (frame.IsTwoWayCall && frame.Caller is Streaming.StreamingCall stream)
        {
            OnStreamCallSent(stream);
        }
    }

    private static ContractRequest Request(ContractDescriptor contract) =>
        new(contract.Name, contract.Methods.Select(m => m.SignatureHash).ToArray());
}
