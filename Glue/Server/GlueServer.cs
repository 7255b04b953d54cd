using System.Buffers;
using System.Net;
using System.Net.Sockets;
using NFX.Glue.Contracts;
using NFX.Glue.Protocol;
using NFX.Glue.Serialization;
using NFX.Glue.Server;
using NFX.Glue.Transport;
using NFX.Slim;

namespace NFX.Glue;

/// <summary>
/// Hosts contract implementations on a TCP endpoint. Register implementations with <c>Host</c>, then
/// <see cref="StartAsync"/>; <see cref="StopAsync"/> closes every connection, failing the calls still pending on the
/// clients at once. Receives only types reachable from the hosted contracts' parameters plus
/// <see cref="GlueServerOptions.AllowedTypes"/>.
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
    private Socket? _listener;
    private Task _acceptLoop = Task.CompletedTask;
    private int _state; // 0 new, 1 started, 2 stopped

    /// <summary>Creates a server (not listening yet).</summary>
    public GlueServer(GlueServerOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        Options = options;
        SerializerFactory = options.SerializerFactory ?? SlimGlueSerializerFactory.Instance;
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

    /// <summary>What clients may send: built at start from the hosted contracts.</summary>
    internal SlimTypePolicy ReceivePolicy { get; private set; } = SlimTypePolicy.Default;

    /// <summary>Hosts one thread-safe <paramref name="instance"/> that serves every call of <typeparamref name="TContract"/>.</summary>
    /// <exception cref="GlueContractException">The interface is not a valid contract.</exception>
    public GlueServer Host<TContract>(TContract instance) where TContract : class
    {
        ArgumentNullException.ThrowIfNull(instance);
        return Host(typeof(TContract), InstanceProvider.Singleton(instance));
    }

    /// <summary>Hosts <typeparamref name="TContract"/> with a new instance from <paramref name="factory"/> per call (disposed after it).</summary>
    /// <exception cref="GlueContractException">The interface is not a valid contract.</exception>
    public GlueServer Host<TContract>(Func<TContract> factory) where TContract : class
    {
        ArgumentNullException.ThrowIfNull(factory);
        return Host(typeof(TContract), InstanceProvider.PerCall(factory));
    }

    internal GlueServer Host(Type contract, InstanceProvider provider)
    {
        ContractDescriptor descriptor = ContractDescriptor.For(contract);
        var hosted = new HostedContract(descriptor, provider);
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
    /// <exception cref="SocketException">The endpoint cannot be bound (for example the port is in use).</exception>
    public Task StartAsync(CancellationToken cancellationToken = default)
    {
        Freeze();
        var listener = new Socket(Options.EndPoint.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            listener.Bind(Options.EndPoint);
            listener.Listen(512);
        }
        catch
        {
            listener.Dispose();
            throw;
        }
        _listener = listener;
        LocalEndPoint = (IPEndPoint)listener.LocalEndPoint!;
        _acceptLoop = Task.Run(AcceptLoopAsync, CancellationToken.None);
        return Task.CompletedTask;
    }

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
    /// Stops listening and closes every connection (each gets a Goodbye; their pending calls fail on the client at once,
    /// and the CancellationTokens of calls still running are canceled).
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
        var reason = new GlueConnectionException("The server is stopping.");
        await Task.WhenAll(connections.Select(c => c.CloseAsync(GoodbyeReason.Closing, "server stopping", reason, TimeSpan.FromSeconds(1))))
            .WaitAsync(cancellationToken).ConfigureAwait(false);
        await _acceptLoop.ConfigureAwait(false);
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
            }
            SlimTypePolicy policy = SlimTypePolicy.Default.AllowTypesReachableFrom([.. roots]);
            ReceivePolicy = Options.AllowedTypes.Count > 0 ? policy.AllowTypes([.. Options.AllowedTypes]) : policy;
            _exceptionWriter = SerializerFactory.CreateStateless(SlimTypePolicy.Default, Options.MaxMessageSize);
            _state = 1;
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
            SocketTransport transport;
            try
            {
                transport = new SocketTransport(socket);
            }
            catch (SocketException)
            {
                // Reset between accept and setup.
                socket.Dispose();
                continue;
            }
            _ = Accept(transport);
        }
    }
}
