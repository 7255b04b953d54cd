using System.Buffers;
using NFX.Glue.Client.Balancing;
using NFX.Glue.Client.Calls;
using NFX.Glue.Contracts;
using NFX.Glue.Protocol;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport;
using NFX.IO;

namespace NFX.Glue.Client;

/// <summary>
/// The client end of one connection: starts calls (id, pending entry, in-flight slot, queued frame), matches answers
/// to them, and fails them when their deadline passes or the link goes down. The handshake's content is
/// <see cref="ClientHandshake"/>'s, bindings are <see cref="ContractBindings"/>', what a call reports is its
/// <see cref="CallTelemetry"/>.
/// </summary>
internal sealed partial class ClientConnection : GlueConnection
{
    private readonly GlueClient _client;
    private readonly GlueNode _node;
    private readonly PendingCallTable _pending = new();
    private readonly InFlightLimiter _inFlight;
    private readonly ContractBindings _bindings;
    private readonly RemoteErrors _remoteErrors;
    private DeadlineSweep? _sweep;
    private int _nextCallId;
    private volatile bool _draining;

    public ClientConnection(GlueClient client, GlueNode node, GlueTransport transport)
        : base(transport, client.SerializerFactory.CreateSender(client.Options.Versioning), NoReceiver.Instance, client.Options.MaxMessageSize,
              client.Metrics, GlueSide.Client, client.Logger)
    {
        _client = client;
        _node = node;
        _inFlight = new InFlightLimiter(client.Options.MaxInFlight, frame => Enqueue(frame));
        _bindings = new ContractBindings(BindAsync);
        _remoteErrors = new RemoteErrors(client);
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
            var handshake = new ClientHandshake(_client.Options, contracts, _remoteErrors.AcceptsExceptionObjects);
            using (var w = new SlimWriter(1024))
            {
                HandshakeCodec.WriteHello(w, handshake.Hello);
                await WriteHandshakeFrameAsync(FrameType.Hello, w, cancellationToken).ConfigureAwait(false);
            }
            (FrameType type, ReadOnlySequence<byte> content) = await ReadHandshakeFrameAsync(cancellationToken).ConfigureAwait(false);
            WelcomeMessage welcome = handshake.Accept(type, content);
            MaxSendSize = Math.Min(MaxSendSize, Math.Max(welcome.MaxMessageSize, 1024));
            if (!ClientHandshake.ServerReadsSlimFormat2(welcome))
            {
                Sender.WriteFormatVersion1(); // a server of an earlier release reads Slim format version 1 only
            }
            _bindings.AcceptWelcome(welcome.Contracts);
            Receiver = CreateReceiver();
        }
        catch (Exception e)
        {
            AbortHandshake(e as GlueException ?? new GlueConnectionException($"The handshake failed: {e.Message}", e));
            throw;
        }
        _sweep = new DeadlineSweep(_pending, OnSweep, Expire);
        StartLoops();
    }

    /// <summary>True when the contract is bound here and has the method: the call can start at once.</summary>
    public bool IsReady(int contractId, int methodId) => _bindings.IsReady(contractId, methodId);

    /// <summary>Binds the contract on this connection if needed; throws when the server lacks it or the method.</summary>
    public ValueTask EnsureBoundAsync(int contractId, MethodDescriptor method, CancellationToken cancellationToken) =>
        _bindings.EnsureBoundAsync(contractId, method, cancellationToken);

    /// <summary>Sends a Ping and completes when its Pong arrives.</summary>
    public ValueTask PingAsync(CancellationToken cancellationToken)
    {
        var pending = new PendingCall<VoidResult>();
        StartControl(pending);
        RegisterCancellation(pending, cancellationToken);
        if (!Enqueue(OutgoingFrame.Ping((ulong)pending.CallId)))
        {
            Fail(pending.CallId, ClosedError());
        }
        return pending.AsVoidValueTask();
    }

    /// <summary>One Bind exchange (<see cref="ContractBindings"/> asks): completes with the server's Bound answer.</summary>
    private async Task<ContractAnswer> BindAsync(int contractId, ContractDescriptor contract)
    {
        var pending = new PendingCall<ContractAnswer>();
        StartControl(pending);
        if (!Enqueue(OutgoingFrame.Bind(pending.CallId, contractId, ClientHandshake.Request(contract))))
        {
            Fail(pending.CallId, ClosedError());
        }
        return await pending.AsValueTask().ConfigureAwait(false);
    }

    /// <summary>
    /// Starts a call: registers it (from now on its deadline and cancellation apply) and queues its frame, or parks it
    /// until an in-flight slot frees up.
    /// </summary>
    public PendingCall<TResult> StartCall<TArgs, TResult>(int contractId, MethodDescriptor method, TArgs args, TimeSpan timeout,
        CancellationToken cancellationToken, bool waitForReady)
    {
        PendingCall<TResult> pending = PendingCallPool<TResult>.Rent();
        pending.Begin(new CallRequest(method, contractId, method.HasArgs ? args : null, cancellationToken, waitForReady),
            DeadlineAfter(timeout), CallTelemetry.Start(Metrics, method, Transport.RemoteEndPoint));
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
        ref readonly CallRequest request = ref call.Request;
        RegisterCancellation(call, request.Token);
        MethodDescriptor method = request.Method!;
        var frame = OutgoingFrame.Call(call, call.Generation, call.CallId, request.ContractId, method.Id, request.Payload, method.HasArgs);
        if (_inFlight.TakeOrQueue(call, frame) && !Enqueue(frame) && TryTake(call.CallId, out _))
        {
            FailOrRetry(call, ClosedError(), refused: false);
        }
    }

    /// <summary>Queues a one-way call; blocks only while the slots and the waiting line are both full (up to <paramref name="timeout"/>).</summary>
    public void SendOneWay<TArgs>(int contractId, MethodDescriptor method, TArgs args, TimeSpan timeout)
    {
        object? payload = method.HasArgs ? args : null;
        var frame = OutgoingFrame.OneWay(contractId, method.Id, payload, method.HasArgs, CallTelemetry.CallerTrace);
        if (_inFlight.TakeOrQueueOneWay(frame, timeout) == InFlightLimiter.OneWayOutcome.Send)
        {
            Enqueue(frame);
        }
    }

    /// <summary>
    /// Ends a call taken out of the table because its connection closed (or the server refused it unrun): the client
    /// retries it when that is safe and allowed, else it fails with <paramref name="error"/>.
    /// </summary>
    private void FailOrRetry(PendingCall call, Exception error, bool refused)
    {
        if (!_client.Retries.TryRetry(call, error, _node, refused))
        {
            call.SetException(error);
        }
    }

    private static long DeadlineAfter(TimeSpan timeout) =>
        timeout == Timeout.InfiniteTimeSpan ? long.MaxValue : Environment.TickCount64 + (long)timeout.TotalMilliseconds;

    /// <summary>Registers a call without a method (Ping, Bind), with the client's default deadline.</summary>
    private bool StartControl(PendingCall pending)
    {
        pending.Begin(default, DeadlineAfter(_client.Options.DefaultDeadline), default);
        return Register(pending);
    }

    /// <summary>Gives a call its id on this connection and enters it in the table (false: the connection is closed).</summary>
    private bool Register(PendingCall pending)
    {
        pending.CallId = Interlocked.Increment(ref _nextCallId);
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

    /// <summary>Every sweep tick: the heartbeat; false when the connection is closed (nothing to sweep).</summary>
    private bool OnSweep(long now)
    {
        if (IsClosed)
        {
            return false;
        }
        CheckHeartbeat(now, _client.Options.HeartbeatInterval, _client.Options.HeartbeatTimeout);
        return true;
    }

    /// <summary>A call whose deadline passed, already out of the table: the server is told to stop, the caller why.</summary>
    private void Expire(PendingCall call)
    {
        Finish(call);
        if (call.Method is not null)
        {
            Enqueue(OutgoingFrame.Cancel(call.CallId));
        }
        string what = call.Method?.DisplayName ?? "The request";
        call.SetException(new GlueTimeoutException($"{what} did not complete before its deadline."));
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

    /// <summary>The call is out of the table: its token is let go and its slot freed (handed to the next waiting call).</summary>
    private void Finish(PendingCall call)
    {
        call.MarkFinished();
        call.Registration.Unregister();
        if (call.Method is not null)
        {
            _inFlight.Release(call);
        }
    }

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
        _inFlight.Close();
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
            _inFlight.Release(null);
        }
    }

    protected override void OnSent(in OutgoingFrame frame)
    {
        if (frame.IsCall && !frame.IsTwoWayCall)
        {
            _inFlight.Release(null);
        }
        else if (frame.IsTwoWayCall && frame.Caller is Streaming.StreamingCall stream)
        {
            OnStreamCallSent(stream);
        }
    }
}
