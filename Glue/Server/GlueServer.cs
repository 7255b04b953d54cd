using System.Diagnostics.CodeAnalysis;
using System.Buffers;
using System.Net;
using System.Net.Security;
using System.Net.Sockets;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using NFX.Glue.Contracts;
using NFX.Glue.Protocol;
using NFX.Glue.Serialization;
using NFX.Glue.Server;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport;
using NFX.Slim;

namespace NFX.Glue;

/// <summary>
/// Hosts contract implementations on a TCP endpoint (optionally TLS). Register implementations with <c>Host</c>, then
/// <see cref="StartAsync"/>; <see cref="StopAsync"/> stops gracefully: it refuses new calls, lets the calls in flight
/// finish (within <see cref="GlueServerOptions.ShutdownTimeout"/>), then closes every connection. Receives only types
/// reachable from the hosted contracts' parameters plus <see cref="GlueOptions.AllowedTypes"/>.
/// </summary>
/// <example>
/// <code>
/// await using var server = new GlueServer(new GlueServerOptions { EndPoint = new IPEndPoint(IPAddress.Any, 5005) });
/// server.Host&lt;ICalculator&gt;(new Calculator());
/// await server.StartAsync();
/// </code>
/// </example>
public sealed class GlueServer : IAsyncDisposable
{
    private readonly Lock _lock = new();
    private readonly Dictionary<string, HostedContract> _contracts = new(StringComparer.Ordinal);
    private readonly HashSet<ServerConnection> _connections = new();
    private readonly CancellationTokenSource _stopping = new();
    private IGlueSerializer? _exceptionWriter;
    private SslServerAuthenticationOptions? _tls;
    private Socket? _listener;
    private Timer? _heartbeat;
    private Task _acceptLoop = Task.CompletedTask;
    private int _handshaking;
    private int _state; // 0 new, 1 started, 2 stopped

    /// <summary>Creates a server (not listening yet).</summary>
    public GlueServer(GlueServerOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        Options = options;
        SerializerFactory = options.SerializerFactory ?? SlimGlueSerializerFactory.Instance;
        Metrics = GlueMetrics.For(options.MeterFactory);
        Logger = (ILogger?)options.LoggerFactory?.CreateLogger<GlueServer>() ?? NullLogger.Instance;
    }

    /// <summary>The options the server was created with.</summary>
    public GlueServerOptions Options { get; }

    /// <summary>The endpoint actually listened on (with the real port when port 0 was asked); null before start.</summary>
    public IPEndPoint? LocalEndPoint { get; private set; }

    /// <summary>Open connections.</summary>
    public int ConnectionCount
    {
        get
        {
            lock (_lock)
            {
                return _connections.Count;
            }
        }
    }

    internal IGlueSerializerFactory SerializerFactory { get; }

    internal GlueMetrics Metrics { get; }

    internal ILogger Logger { get; }

    /// <summary>What clients may send: built at start from the hosted contracts.</summary>
    internal SlimTypePolicy ReceivePolicy { get; private set; } = SlimTypePolicy.Default;

    /// <summary>Hosts one thread-safe <paramref name="instance"/> that serves every call of <typeparamref name="TContract"/>.</summary>
    /// <exception cref="GlueContractException">The interface is not a valid contract.</exception>
    public GlueServer Host<[DynamicallyAccessedMembers(ContractDescriptor.Reflected)] TContract>(TContract instance) where TContract : class
    {
        ArgumentNullException.ThrowIfNull(instance);
        return Host(ContractDescriptor.For(typeof(TContract)), InstanceProvider.Singleton(instance));
    }

    /// <summary>Hosts <typeparamref name="TContract"/> with a new instance from <paramref name="factory"/> per call (disposed after it).</summary>
    /// <exception cref="GlueContractException">The interface is not a valid contract.</exception>
    public GlueServer Host<[DynamicallyAccessedMembers(ContractDescriptor.Reflected)] TContract>(Func<TContract> factory) where TContract : class
    {
        ArgumentNullException.ThrowIfNull(factory);
        return Host(ContractDescriptor.For(typeof(TContract)), InstanceProvider.PerCall(factory));
    }

    internal GlueServer Host(ContractDescriptor descriptor, InstanceProvider provider)
    {
        var hosted = new HostedContract(descriptor, provider, Options.UseGeneratedCode);
        lock (_lock)
        {
            if (_state != 0)
            {
                throw new InvalidOperationException("Contracts must be hosted before the server starts.");
            }
            if (!_contracts.TryAdd(descriptor.Name, hosted))
            {
                throw new InvalidOperationException($"Contract {descriptor.Name} is already hosted.");
            }
        }
        return this;
    }

    /// <summary>Starts listening on <see cref="GlueServerOptions.EndPoint"/>.</summary>
    /// <exception cref="GlueException">
    /// The endpoint cannot be bound (for example the port is in use): the message names the endpoint, the
    /// <see cref="SocketException"/> is the inner exception.
    /// </exception>
    public Task StartAsync(CancellationToken cancellationToken = default)
    {
        Freeze();
        if (Options.Tls is GlueServerTls tls)
        {
            _tls = tls.ToSslOptions(SslStreamCertificateContext.Create(tls.Certificate, additionalCertificates: null));
        }
        var listener = new Socket(Options.EndPoint.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            listener.Bind(Options.EndPoint);
            listener.Listen(512);
        }
        catch (SocketException e)
        {
            listener.Dispose();
            throw new GlueException(CannotListen(Options.EndPoint, e), e);
        }
        catch
        {
            listener.Dispose();
            throw;
        }
        _listener = listener;
        LocalEndPoint = (IPEndPoint)listener.LocalEndPoint!;
        _acceptLoop = Task.Run(AcceptLoopAsync, CancellationToken.None);
        Log.ServerStarted(Logger, LocalEndPoint, _tls is not null);
        return Task.CompletedTask;
    }

    private static string CannotListen(IPEndPoint endPoint, SocketException e) => e.SocketErrorCode switch
    {
        SocketError.AddressAlreadyInUse =>
            $"The Glue server cannot listen on {endPoint}: the address is already in use (another process or server holds " +
            "that port). Stop it, choose another port in GlueServerOptions.EndPoint, or use port 0 for any free one.",
        SocketError.AccessDenied =>
            $"The Glue server cannot listen on {endPoint}: access denied (ports below 1024 need privileges). Choose a port " +
            "of 1024 or above in GlueServerOptions.EndPoint.",
        SocketError.AddressNotAvailable =>
            $"The Glue server cannot listen on {endPoint}: that address is not one of this machine's. Use IPAddress.Any, " +
            "IPAddress.Loopback or an address of this machine in GlueServerOptions.EndPoint.",
        _ => $"The Glue server cannot listen on {endPoint}: {e.Message} ({e.SocketErrorCode}).",
    };

    /// <summary>Starts without a listener: connections arrive through <see cref="Accept"/> (in-memory hosting, tests).</summary>
    internal void StartWithoutListener() => Freeze();

    /// <summary>Serves one already-open transport.</summary>
    internal Task Accept(GlueTransport transport)
    {
        var connection = new ServerConnection(this, transport);
        lock (_lock)
        {
            if (_state != 1 || _connections.Count >= Options.MaxConnections)
            {
                connection.Abort(new GlueConnectionException("The server is not accepting connections."));
                transport.Input.Complete();
                transport.Output.Complete();
                return Task.CompletedTask;
            }
            _connections.Add(connection);
        }
        return connection.RunAsync();
    }

    /// <summary>
    /// Stops gracefully: stops listening, tells every client it is stopping (their new calls go elsewhere or fail with
    /// <see cref="GlueUnavailableException"/>, without being run), waits for the calls in flight to be answered - at most
    /// <see cref="GlueServerOptions.ShutdownTimeout"/>, or until <paramref name="cancellationToken"/> is canceled - then
    /// closes every connection with a Goodbye. Calls still running then are canceled and fail on their clients with
    /// <see cref="GlueConnectionException"/>.
    /// </summary>
    public async Task StopAsync(CancellationToken cancellationToken = default)
    {
        ServerConnection[] connections;
        lock (_lock)
        {
            if (_state == 2)
            {
                return;
            }
            _state = 2;
            connections = [.. _connections];
        }
        await _stopping.CancelAsync().ConfigureAwait(false);
        _listener?.Dispose();
        Log.ServerStopping(Logger, connections.Length, Options.ShutdownTimeout);
        int unfinished = 0;
        if (Options.ShutdownTimeout != TimeSpan.Zero)
        {
            foreach (ServerConnection connection in connections)
            {
                connection.BeginDrain();
            }
            Task drained = Task.WhenAll(connections.Select(c => Task.WhenAny(c.Drained, c.Completion)));
            try
            {
                await drained.WaitAsync(Options.ShutdownTimeout, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (e is TimeoutException or OperationCanceledException)
            {
                unfinished = connections.Count(c => c.ActiveCalls > 0);
            }
        }
        var reason = new GlueConnectionException("The server is stopping.");
        await Task.WhenAll(connections.Select(c => c.CloseAsync(GoodbyeReason.Closing, "server stopping", reason, TimeSpan.FromSeconds(1))))
            .ConfigureAwait(false);
        _heartbeat?.Dispose();
        await _acceptLoop.ConfigureAwait(false);
        if (unfinished > 0)
        {
            Log.ServerStoppedUnfinished(Logger, unfinished);
        }
        Log.ServerStopped(Logger);
    }

    /// <summary>
    /// Test hook, the in-process stand-in for a crash: closes the listener and drops every connection at once,
    /// without Draining or Goodbye frames.
    /// </summary>
    internal void Kill()
    {
        ServerConnection[] connections;
        lock (_lock)
        {
            _state = 2;
            connections = [.. _connections];
        }
        _stopping.Cancel();
        _listener?.Dispose();
        _heartbeat?.Dispose();
        foreach (ServerConnection connection in connections)
        {
            connection.Abort(new GlueConnectionException("The server was killed."));
        }
    }

    /// <summary>Same as <see cref="StopAsync"/>.</summary>
    public async ValueTask DisposeAsync() => await StopAsync().ConfigureAwait(false);

    internal HostedContract? FindContract(string name)
    {
        lock (_lock)
        {
            return _contracts.GetValueOrDefault(name);
        }
    }

    internal void OnConnectionClosed(ServerConnection connection)
    {
        lock (_lock)
        {
            _connections.Remove(connection);
        }
    }

    /// <summary>The exception as a standalone Slim message, or null when it cannot be serialized.</summary>
    internal byte[]? TrySerializeException(Exception error)
    {
        try
        {
            var buffer = new ArrayBufferWriter<byte>(1024);
            _exceptionWriter!.Serialize(buffer, error);
            return buffer.WrittenCount <= Options.MaxMessageSize / 2 ? buffer.WrittenSpan.ToArray() : null;
        }
        catch (Exception)
        {
            // The text (type, message, stack) still goes back; the object is optional.
            return null;
        }
    }

    private void Freeze()
    {
        lock (_lock)
        {
            if (_state != 0)
            {
                throw new InvalidOperationException("The server has already been started.");
            }
            var roots = new List<Type>();
            foreach (HostedContract hosted in _contracts.Values)
            {
                roots.AddRange(hosted.Contract.Methods.Where(m => m.HasArgs).Select(m => m.ArgsType));
                roots.AddRange(hosted.Contract.Methods.Where(m => m.HasUpload).Select(m => m.UploadItemType!));
            }
            SlimTypePolicy policy = SlimTypePolicy.Default.AllowTypesReachableFrom([.. roots]);
            ReceivePolicy = Options.AllowedTypes.Count > 0 ? policy.AllowTypes([.. Options.AllowedTypes]) : policy;
            _exceptionWriter = SerializerFactory.CreateStateless(SlimTypePolicy.Default, Options.MaxMessageSize);
            _state = 1;
        }
        if (Options.HeartbeatInterval != Timeout.InfiniteTimeSpan || Options.HeartbeatTimeout != Timeout.InfiniteTimeSpan)
        {
            TimeSpan shortest = Options.HeartbeatInterval == Timeout.InfiniteTimeSpan ? Options.HeartbeatTimeout
                : Options.HeartbeatTimeout == Timeout.InfiniteTimeSpan ? Options.HeartbeatInterval
                : Options.HeartbeatInterval < Options.HeartbeatTimeout ? Options.HeartbeatInterval : Options.HeartbeatTimeout;
            // Checked a few times per interval: a ping goes out at most a quarter interval late.
            TimeSpan period = TimeSpan.FromMilliseconds(Math.Clamp(shortest.TotalMilliseconds / 4, 10, 1000));
            _heartbeat = new Timer(static s => ((GlueServer)s!).CheckHeartbeats(), this, period, period);
        }
    }

    private void CheckHeartbeats()
    {
        ServerConnection[] connections;
        lock (_lock)
        {
            if (_connections.Count == 0)
            {
                return;
            }
            connections = [.. _connections];
        }
        long now = Environment.TickCount64;
        foreach (ServerConnection connection in connections)
        {
            connection.CheckHeartbeat(now, Options.HeartbeatInterval, Options.HeartbeatTimeout);
        }
    }

    private async Task AcceptLoopAsync()
    {
        Socket listener = _listener!;
        while (!_stopping.IsCancellationRequested)
        {
            Socket socket;
            try
            {
                socket = await listener.AcceptAsync(_stopping.Token).ConfigureAwait(false);
            }
            catch (Exception) when (_stopping.IsCancellationRequested)
            {
                return;
            }
            catch (SocketException)
            {
                // A connection reset before it was accepted: keep listening.
                continue;
            }
            _ = AcceptSocketAsync(socket);
        }
    }

    /// <summary>Sets up one accepted socket (the TLS handshake, within the handshake timeout) and serves it.</summary>
    private async Task AcceptSocketAsync(Socket socket)
    {
        if (_tls is null)
        {
            SocketTransport plain;
            try
            {
                plain = await SocketTransport.AcceptAsync(socket, null, CancellationToken.None).ConfigureAwait(false);
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException or IOException)
            {
                socket.Dispose();
                return; // reset between accept and setup
            }
            await Accept(plain).ConfigureAwait(false);
            return;
        }
        // Connections still in their TLS handshake count against MaxConnections, so a flood of them cannot pile up.
        if (Interlocked.Increment(ref _handshaking) + ConnectionCount > Options.MaxConnections)
        {
            Interlocked.Decrement(ref _handshaking);
            socket.Dispose();
            return;
        }
        EndPoint? peer = socket.RemoteEndPoint;
        SocketTransport transport;
        try
        {
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(_stopping.Token);
            timeout.CancelAfter(Options.HandshakeTimeout);
            transport = await SocketTransport.AcceptAsync(socket, _tls, timeout.Token).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            Log.HandshakeFailed(Logger, peer, "TLS: " + e.Message);
            return;
        }
        finally
        {
            Interlocked.Decrement(ref _handshaking);
        }
        await Accept(transport).ConfigureAwait(false);
    }
}
