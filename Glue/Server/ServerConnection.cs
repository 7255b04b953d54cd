using System.Buffers;
using System.Diagnostics;
using NFX.Glue.Contracts;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Serialization;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport;
using NFX.IO;

namespace NFX.Glue.Server;

/// <summary>
/// The server end of one connection: authenticates the Hello, binds contracts, then turns Call frames into
/// <see cref="ServerCall"/>s, at most <see cref="GlueServerOptions.MaxInFlightPerConnection"/> at a time.
/// </summary>
internal sealed class ServerConnection : GlueConnection
{
    private static readonly ErrorMessage s_stopping = new(ErrorKind.Unavailable, typeof(GlueUnavailableException).FullName!,
        "The server is stopping; the call was not run.", null, null);

    private readonly GlueServer _server;
    private readonly TaskCompletionSource _drained = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly SemaphoreSlim _gate;
    private readonly CancellationTokenSource _closing = new();
    private readonly (HostedContract Contract, MethodDescriptor?[] Map)?[] _bindings =
        new (HostedContract, MethodDescriptor?[])?[ProtocolConstants.MaxContracts];
    private readonly Dictionary<int, ServerCall> _cancellable = new();
    private readonly Stack<ServerCall> _freeCalls = new();
    private bool _sendExceptionObjects;
    private int _active;
    private int _draining;

    public ServerConnection(GlueServer server, GlueTransport transport)
        : base(transport, server.SerializerFactory.CreateSender(),
              server.SerializerFactory.CreateReceiver(server.ReceivePolicy, server.Options.MaxMessageSize), server.Options.MaxMessageSize,
              server.Metrics, GlueSide.Server, server.Logger)
    {
        _server = server;
        _gate = new SemaphoreSlim(server.Options.MaxInFlightPerConnection, server.Options.MaxInFlightPerConnection);
    }

    /// <summary>Canceled when the connection closes: the token of calls without their own.</summary>
    public CancellationToken ClosingToken => _closing.Token;

    /// <summary>Completes when, after <see cref="BeginDrain"/>, no call is running or waiting to be answered.</summary>
    public Task Drained => _drained.Task;

    /// <summary>Calls accepted and not yet answered.</summary>
    public int ActiveCalls => Volatile.Read(ref _active);

    /// <summary>Graceful stop: tells the client (Draining frame), refuses new calls, lets the running ones finish.</summary>
    public void BeginDrain()
    {
        // A full fence between announcing the drain and reading the count (StartCall does the reverse).
        Interlocked.Exchange(ref _draining, 1);
        Enqueue(new OutgoingFrame(FrameType.Draining));
        if (Volatile.Read(ref _active) == 0)
        {
            _drained.TrySetResult();
        }
    }

    /// <summary>Runs the handshake, then serves until the connection closes.</summary>
    public async Task RunAsync()
    {
        if (!await HandshakeAsync().ConfigureAwait(false))
        {
            return;
        }
        StartLoops();
        await Completion.ConfigureAwait(false);
    }

    private async Task<bool> HandshakeAsync()
    {
        using var timeout = new CancellationTokenSource(_server.Options.HandshakeTimeout);
        try
        {
            (FrameType type, ReadOnlySequence<byte> content) = await ReadHandshakeFrameAsync(timeout.Token).ConfigureAwait(false);
            if (type != FrameType.Hello)
            {
                throw new GlueProtocolException($"Expected Hello, got frame type 0x{(byte)type:X2}.");
            }
            HelloMessage hello = HandshakeCodec.ReadHello(content);
            if (hello.Version != ProtocolConstants.Version)
            {
                await RefuseAsync(RefusalCode.Version, $"This server speaks Glue protocol version {ProtocolConstants.Version}.", timeout.Token).ConfigureAwait(false);
                return false;
            }
            if (_server.Options.Authenticator is IGlueAuthenticator authenticator)
            {
                var context = new GlueAuthContext(hello.Token, Transport.RemoteEndPoint, hello.Contracts.Select(c => c.Name).ToArray())
                {
                    ClientCertificate = Transport.RemoteCertificate,
                };
                if (!await authenticator.AuthenticateAsync(context, timeout.Token).ConfigureAwait(false))
                {
                    Log.HandshakeRefused(Logger, Transport.RemoteEndPoint, "authentication failed");
                    await RefuseAsync(RefusalCode.Authentication, "Authentication failed.", timeout.Token).ConfigureAwait(false);
                    return false;
                }
            }
            // Never send the client a frame it would have to drop the connection for.
            MaxSendSize = Math.Min(MaxSendSize, Math.Max(hello.MaxMessageSize, 1024));
            _sendExceptionObjects = _server.Options.SendExceptionObjects && (hello.Flags & ProtocolConstants.FlagExceptionObjects) != 0;
            var answers = new ContractAnswer[hello.Contracts.Count];
            for (int i = 0; i < answers.Length; i++)
            {
                answers[i] = Bind(i, hello.Contracts[i]);
            }
            using var w = new SlimWriter(256);
            HandshakeCodec.WriteWelcome(w, new WelcomeMessage(ProtocolConstants.Version, _server.Options.MaxMessageSize,
                _server.Options.MaxInFlightPerConnection, answers));
            await WriteHandshakeFrameAsync(FrameType.Welcome, w, timeout.Token).ConfigureAwait(false);
            return true;
        }
        catch (Exception e)
        {
            Log.HandshakeFailed(Logger, Transport.RemoteEndPoint, e.Message);
            AbortHandshake(e as GlueException ?? new GlueConnectionException($"The handshake failed: {e.Message}", e));
            return false;
        }
    }

    private async Task RefuseAsync(RefusalCode code, string message, CancellationToken cancellationToken)
    {
        try
        {
            using var w = new SlimWriter(128);
            HandshakeCodec.WriteRefused(w, code, message);
            await WriteHandshakeFrameAsync(FrameType.Refused, w, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            AbortHandshake(new GlueAuthenticationException($"Refused the client ({code}): {message}"));
        }
    }

    private ContractAnswer Bind(int contractId, ContractRequest request)
    {
        if (_server.FindContract(request.Name) is not HostedContract hosted)
        {
            return ContractAnswer.NotHosted;
        }
        (ContractAnswer answer, MethodDescriptor?[] map) = hosted.Bind(request);
        _bindings[contractId] = (hosted, map);
        return answer;
    }

    protected override ValueTask HandleFrameAsync(FrameType type, ReadOnlySequence<byte> content)
    {
        var header = new HeaderReader(content);
        switch (type)
        {
            case FrameType.Call:
            case FrameType.TracedCall:
            {
                int callId = (int)header.ReadVarUInt32();
                (HostedContract contract, MethodDescriptor method) = Resolve(ref header);
                uint timeoutMs = header.ReadVarUInt32();
                ActivityContext parent = type == FrameType.TracedCall ? TraceContextCodec.Read(ref header, GlueTelemetry.Source.HasListeners()) : default;
                return StartCall(contract, method, callId, timeoutMs, header.Rest, parent);
            }
            case FrameType.OneWayCall:
            case FrameType.TracedOneWayCall:
            {
                (HostedContract contract, MethodDescriptor method) = Resolve(ref header);
                if (!method.IsOneWay)
                {
                    GlueThrow.Protocol($"{method.DisplayName} is not one-way.");
                }
                ActivityContext parent = type == FrameType.TracedOneWayCall ? TraceContextCodec.Read(ref header, GlueTelemetry.Source.HasListeners()) : default;
                return StartCall(contract, method, 0, 0, header.Rest, parent);
            }
            case FrameType.Cancel:
                CancelCall((int)header.ReadVarUInt32());
                return default;
            case FrameType.Bind:
            {
                int callId = (int)header.ReadVarUInt32();
                int contractId = header.ReadInt(ProtocolConstants.MaxContracts - 1, "contract id");
                // Binding an id again replaces it (a client may retry a Bind whose answer it stopped waiting for).
                ContractAnswer answer = Bind(contractId, HandshakeCodec.ReadContractRequest(header.Rest));
                EnqueueControlAnswer(new OutgoingFrame(FrameType.Bound, callId, contractId, state: answer));
                return default;
            }
            default:
                GlueThrow.UnexpectedFrame((byte)type, "client");
                return default;
        }
    }

    private (HostedContract, MethodDescriptor) Resolve(ref HeaderReader header)
    {
        int contractId = header.ReadInt(ProtocolConstants.MaxContracts - 1, "contract id");
        int methodId = (int)header.ReadVarUInt32();
        if (_bindings[contractId] is var (contract, map) && (uint)methodId < (uint)map.Length && map[methodId] is MethodDescriptor method)
        {
            return (contract, method);
        }
        GlueThrow.Protocol($"Call to unbound contract {contractId} or method {methodId}.");
        return default;
    }

    private ValueTask StartCall(HostedContract contract, MethodDescriptor method, int callId, uint timeoutMs, ReadOnlySequence<byte> body,
        in ActivityContext parent)
    {
        object? args = null;
        if (method.HasArgs != !body.IsEmpty)
        {
            GlueThrow.Protocol($"The call to {method.DisplayName} has {(body.IsEmpty ? "no" : "unexpected")} arguments.");
        }
        // Counted before the drain flag is read (BeginDrain does the reverse), so a drain never misses a call.
        Interlocked.Increment(ref _active);
        if (Volatile.Read(ref _draining) != 0)
        {
            // The bodies of refused calls are not deserialized: every later call on this connection is refused too,
            // so the receive registry is never needed again.
            DecrementActive();
            if (!method.IsOneWay)
            {
                Enqueue(new OutgoingFrame(FrameType.Error, callId, state: s_stopping));
            }
            return default;
        }
        if (method.HasArgs)
        {
            try
            {
                args = Deserialize(body);
                if (args?.GetType() != method.ArgsType)
                {
                    GlueThrow.Serialization($"The arguments of {method.DisplayName} are a {args?.GetType().FullName ?? "null"}, not a {method.ArgsType.FullName}.");
                }
            }
            catch (GlueSerializationException e)
            {
                // Tell the caller why, then close: the batch registries can no longer be trusted to agree.
                if (!method.IsOneWay)
                {
                    Enqueue(new OutgoingFrame(FrameType.Error, callId, state: new ErrorMessage(ErrorKind.ArgumentsRejected, e.GetType().FullName!, e.Message, null, null)));
                }
                DecrementActive();
                _ = CloseAsync(GoodbyeReason.SerializationError, e.Message, e, TimeSpan.FromSeconds(1));
                return default;
            }
        }

        CancellationTokenSource? cancellation = null;
        if (method.HasCancellationToken && !method.IsOneWay)
        {
            cancellation = new CancellationTokenSource();
            if (timeoutMs > 0)
            {
                cancellation.CancelAfter(TimeSpan.FromMilliseconds(timeoutMs));
            }
        }
        ServerCall call = RentCall().Init(contract, method, callId, args, cancellation, parent);
        if (cancellation is not null)
        {
            lock (_cancellable)
            {
                if (!_cancellable.TryAdd(callId, call))
                {
                    GlueThrow.Protocol($"Call id {callId} is already in flight.");
                }
            }
        }
        if (_gate.Wait(0))
        {
            ThreadPool.UnsafeQueueUserWorkItem(call, preferLocal: false);
            return default;
        }
        return DispatchWhenFreeAsync(call);
    }

    /// <summary>Backpressure: the reader loop stops reading this connection until a call slot frees up.</summary>
    private async ValueTask DispatchWhenFreeAsync(ServerCall call)
    {
        ReaderPaused = true;
        try
        {
            await _gate.WaitAsync(ClosingToken).ConfigureAwait(false);
        }
        finally
        {
            ReaderPaused = false;
        }
        ThreadPool.UnsafeQueueUserWorkItem(call, preferLocal: false);
    }

    private void CancelCall(int callId)
    {
        lock (_cancellable)
        {
            if (_cancellable.TryGetValue(callId, out ServerCall? call))
            {
                call.CancelByClient();
            }
        }
    }

    /// <summary>A recycled call object, or a new one (no allocation per call in the steady state).</summary>
    private ServerCall RentCall()
    {
        lock (_freeCalls)
        {
            if (_freeCalls.TryPop(out ServerCall? call))
            {
                return call;
            }
        }
        return new ServerCall(this);
    }

    /// <summary>Takes back a call that has ended (called last by the call itself).</summary>
    public void ReturnCall(ServerCall call)
    {
        lock (_freeCalls)
        {
            // Keep at most as many as may run at once (and not thousands for a connection that once had a burst).
            if (_freeCalls.Count < Math.Min(_server.Options.MaxInFlightPerConnection, 256))
            {
                _freeCalls.Push(call);
            }
        }
    }

    /// <summary>Queues a call's answer; the call's slot is freed once the answer is written.</summary>
    public void EnqueueAnswer(FrameType type, int callId, object? payload, bool hasBody, ErrorMessage? error)
    {
        // Value 1 marks a frame that holds a call slot: a client that sends calls but never reads the answers
        // runs out of slots (and the server stops reading it) instead of filling the send queue.
        if (!Enqueue(new OutgoingFrame(type, callId, payload: payload, hasBody: hasBody, state: error, value: 1)))
        {
            ReleaseSlot();
        }
    }

    protected override void OnAnswerWritten(in OutgoingFrame frame)
    {
        if (frame.Value == 1)
        {
            ReleaseSlot();
        }
    }

    private void ReleaseSlot()
    {
        _gate.Release();
        DecrementActive();
    }

    private void DecrementActive()
    {
        if (Interlocked.Decrement(ref _active) == 0 && Volatile.Read(ref _draining) != 0)
        {
            _drained.TrySetResult();
        }
    }

    /// <summary>Called once by each call as it ends; frees its slot unless an answer was queued (which frees it).</summary>
    public void EndCall(ServerCall call, bool answerQueued)
    {
        if (call.Cancellation is CancellationTokenSource cancellation)
        {
            lock (_cancellable)
            {
                _cancellable.Remove(call.CallId);
            }
            cancellation.Dispose();
        }
        if (!answerQueued)
        {
            ReleaseSlot();
        }
    }

    public ErrorMessage DescribeError(Exception error, bool fromImplementation)
    {
        byte[]? bytes = null;
        if (_sendExceptionObjects && fromImplementation)
        {
            bytes = _server.TrySerializeException(error);
        }
        return new ErrorMessage(fromImplementation ? ErrorKind.Remote : ErrorKind.Server,
            error.GetType().FullName ?? error.GetType().Name, error.Message, error.StackTrace, bytes);
    }

    public void ReportUnobservedError(Exception error) => _server.Options.OneWayErrorHandler?.Invoke(error);

    protected override void OnClosed(Exception reason)
    {
        // Canceled asynchronously: user callbacks must not run on (and stall) whatever thread closed the connection.
        _ = _closing.CancelAsync();
        _drained.TrySetResult();
        lock (_cancellable)
        {
            foreach (ServerCall call in _cancellable.Values)
            {
                _ = call.Cancellation!.CancelAsync();
            }
        }
        _server.OnConnectionClosed(this);
    }
}
