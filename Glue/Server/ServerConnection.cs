using NFX.Glue.Contracts;
using NFX.Glue.Protocol;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport;

namespace NFX.Glue.Server;

/// <summary>
/// The server end of one connection: authenticates the Hello, binds contracts, then turns Call frames into
/// <see cref="ServerCall"/>s, at most <see cref="GlueServerOptions.MaxInFlightPerConnection"/> at a time.
/// </summary>
internal sealed partial class ServerConnection : GlueConnection
{
    private static readonly ErrorMessage s_stopping = new(ErrorKind.Unavailable, typeof(GlueUnavailableException).FullName!,
        "The server is stopping; the call was not run.", null, null);

    private readonly GlueServer _server;
    private readonly TaskCompletionSource _drained = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly CallGate _gate;
    private readonly CancellationTokenSource _closing = new();
    private readonly (HostedContract Contract, MethodDescriptor?[] Map)?[] _bindings =
        new (HostedContract, MethodDescriptor?[])?[ProtocolConstants.MaxContracts];
    private readonly Dictionary<int, ServerCall> _cancellable = new();
    private readonly Stack<ServerCall> _freeCalls = new();
    private readonly Lock _freeCallsLock = new();
    private bool _sendExceptionObjects;
    private int _active;
    private int _draining;

    public ServerConnection(GlueServer server, GlueTransport transport)
        : base(transport, server.SerializerFactory.CreateSender(server.Options.Versioning),
              server.SerializerFactory.CreateReceiver(server.ReceivePolicy, server.Options.MaxMessageSize,
                  LayoutStance.Of(server.Options.Versioning).RefusesMemberLists), server.Options.MaxMessageSize,
              server.Metrics, GlueSide.Server, server.Logger)
    {
        _server = server;
        _gate = new CallGate(server.Options.MaxInFlightPerConnection);
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
        Enqueue(OutgoingFrame.Draining());
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
        CloseStreams(reason);
        _server.OnConnectionClosed(this);
    }
}
