using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using NFX.Glue.Client;
using NFX.Glue.Contracts;
using NFX.Glue.Protocol;
using NFX.Glue.Serialization;
using NFX.Glue.Transport;

namespace NFX.Glue;

/// <summary>
/// Calls a Glue server through generated proxies. One client keeps one connection to its endpoint, opened on first
/// use (or by <see cref="ConnectAsync"/>) and reopened on the next call after it is lost; many calls share it at once.
/// Thread-safe; proxies are cheap and may be kept or made per use.
/// </summary>
/// <example>
/// <code>
/// await using var client = new GlueClient(new IPEndPoint(IPAddress.Loopback, 5005));
/// ICalculator calc = client.GetProxy&lt;ICalculator&gt;();
/// int sum = await calc.AddAsync(2, 3);
/// </code>
/// </example>
public sealed class GlueClient : IAsyncDisposable
{
    private readonly Lock _lock = new();
    private readonly Func<CancellationToken, ValueTask<GlueTransport>> _connector;
    private readonly ContractDescriptor?[] _contracts = new ContractDescriptor?[ProtocolConstants.MaxContracts];
    private readonly Dictionary<Type, int> _contractIds = new();
    private ClientConnection? _connection;
    private Task<ClientConnection>? _connecting;
    private bool _disposed;

    /// <summary>Creates a client for the server at <paramref name="endPoint"/> (an IPEndPoint or a DnsEndPoint). Does not connect yet.</summary>
    public GlueClient(EndPoint endPoint, GlueClientOptions? options = null)
        : this(options ?? new GlueClientOptions(), endPoint)
    {
        ArgumentNullException.ThrowIfNull(endPoint);
    }

    /// <summary>Creates a client that connects through the options' connector (tests, in-memory hosting).</summary>
    internal GlueClient(GlueClientOptions options) : this(options, null)
    {
    }

    private GlueClient(GlueClientOptions options, EndPoint? endPoint)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        Options = options;
        EndPoint = endPoint;
        SerializerFactory = options.SerializerFactory ?? SlimGlueSerializerFactory.Instance;
        _connector = options.Connector ?? (endPoint is null
            ? throw new ArgumentException("An endpoint or a connector is required.", nameof(options))
            : async ct => await SocketTransport.ConnectAsync(endPoint, ct).ConfigureAwait(false));
    }

    /// <summary>The options the client was created with.</summary>
    public GlueClientOptions Options { get; }

    /// <summary>The server's endpoint (null for an in-memory client).</summary>
    public EndPoint? EndPoint { get; }

    /// <summary>True while a connection is established.</summary>
    public bool IsConnected => LiveConnection is not null;

    internal IGlueSerializerFactory SerializerFactory { get; }

    internal ClientConnection? LiveConnection => Volatile.Read(ref _connection) is { IsClosed: false } c ? c : null;

    /// <summary>A proxy for <typeparamref name="TContract"/> whose calls use <see cref="GlueClientOptions.DefaultDeadline"/>.</summary>
    /// <exception cref="GlueContractException">The interface is not a valid contract (the message names the method and the rule).</exception>
    public TContract GetProxy<TContract>() where TContract : class => GetProxy<TContract>(Options.DefaultDeadline);

    /// <summary>A proxy for <typeparamref name="TContract"/> whose calls each have <paramref name="deadline"/> to complete.</summary>
    /// <exception cref="GlueContractException">The interface is not a valid contract (the message names the method and the rule).</exception>
    public TContract GetProxy<TContract>(TimeSpan deadline) where TContract : class
    {
        if (deadline <= TimeSpan.Zero && deadline != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(deadline), deadline, "The deadline must be positive or infinite.");
        }
        ContractDescriptor contract = ContractDescriptor.For(typeof(TContract));
        int id = Register(contract);
        return (TContract)ProxyGenerator.Create(new ProxyContext(this, contract, id, deadline));
    }

    /// <summary>Connects now (otherwise the first call does). Completes when the handshake is done.</summary>
    /// <exception cref="GlueConnectionException">The server cannot be reached, or refused the handshake.</exception>
    public async Task ConnectAsync(CancellationToken cancellationToken = default) =>
        await GetConnectionAsync(cancellationToken).ConfigureAwait(false);

    /// <summary>Measures a round trip to the server (Ping / Pong frames), connecting first if needed.</summary>
    public async Task<TimeSpan> PingAsync(CancellationToken cancellationToken = default)
    {
        ClientConnection connection = await GetConnectionAsync(cancellationToken).ConfigureAwait(false);
        long start = Stopwatch.GetTimestamp();
        await connection.PingAsync(cancellationToken).ConfigureAwait(false);
        return Stopwatch.GetElapsedTime(start);
    }

    /// <summary>Closes the connection; calls still pending fail with <see cref="GlueConnectionException"/>.</summary>
    public async ValueTask DisposeAsync()
    {
        ClientConnection? connection;
        Task<ClientConnection>? connecting;
        lock (_lock)
        {
            if (_disposed)
            {
                return;
            }
            _disposed = true;
            connection = _connection;
            connecting = _connecting;
        }
        if (connecting is not null)
        {
            try
            {
                connection = await connecting.ConfigureAwait(false);
            }
            catch (Exception)
            {
                // A connection that never opened has nothing to close.
            }
        }
        if (connection is not null)
        {
            await connection.CloseAsync(GoodbyeReason.Closing, "client disposed",
                new GlueConnectionException("The client was disposed."), TimeSpan.FromSeconds(1)).ConfigureAwait(false);
        }
    }

    internal ContractDescriptor? ContractAt(int id) => (uint)id < (uint)_contracts.Length ? Volatile.Read(ref _contracts[id]) : null;

    internal ValueTask<ClientConnection> GetConnectionAsync(CancellationToken cancellationToken)
    {
        ClientConnection? live = LiveConnection;
        return live is not null ? new ValueTask<ClientConnection>(live) : new ValueTask<ClientConnection>(ConnectSlow().WaitAsync(cancellationToken));
    }

    internal void OnConnectionClosed(ClientConnection connection)
    {
        lock (_lock)
        {
            if (_connection == connection)
            {
                _connection = null;
            }
        }
    }

    private Task<ClientConnection> ConnectSlow()
    {
        lock (_lock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            if (_connection is { IsClosed: false } live)
            {
                return Task.FromResult(live);
            }
            if (_connecting is null || _connecting.IsCompleted)
            {
                _connecting = ConnectCoreAsync();
            }
            return _connecting;
        }
    }

    private async Task<ClientConnection> ConnectCoreAsync()
    {
        using var timeout = new CancellationTokenSource(Options.ConnectTimeout);
        GlueTransport transport;
        try
        {
            transport = await _connector(timeout.Token).ConfigureAwait(false);
        }
        catch (Exception e) when (e is SocketException or IOException or OperationCanceledException)
        {
            throw new GlueConnectionException($"Could not connect to {EndPoint?.ToString() ?? "the server"}: {e.Message}", e);
        }
        var connection = new ClientConnection(this, transport);
        try
        {
            await connection.HandshakeAsync(SnapshotContracts(), timeout.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException e)
        {
            throw new GlueConnectionException($"The handshake with {EndPoint?.ToString() ?? "the server"} timed out.", e);
        }
        lock (_lock)
        {
            if (_disposed)
            {
                connection.Abort(new GlueConnectionException("The client was disposed."));
                throw new ObjectDisposedException(nameof(GlueClient));
            }
            _connection = connection;
        }
        return connection;
    }

    private int Register(ContractDescriptor contract)
    {
        lock (_lock)
        {
            if (_contractIds.TryGetValue(contract.Interface, out int id))
            {
                return id;
            }
            id = _contractIds.Count;
            if (id >= _contracts.Length)
            {
                throw new GlueContractException($"A client can use at most {_contracts.Length} contracts.");
            }
            Volatile.Write(ref _contracts[id], contract);
            _contractIds.Add(contract.Interface, id);
            return id;
        }
    }

    private ContractDescriptor[] SnapshotContracts()
    {
        lock (_lock)
        {
            return _contracts.Take(_contractIds.Count).Select(c => c!).ToArray();
        }
    }
}
