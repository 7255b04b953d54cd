using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using NFX.Glue.Client;
using NFX.Glue.Contracts;
using NFX.Glue.Protocol;
using NFX.Glue.Serialization;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport;

namespace NFX.Glue;

/// <summary>
/// Calls Glue servers through generated proxies. A client keeps one connection per endpoint, opened on first use (or
/// by <see cref="ConnectAsync"/>); many calls share each at once. With several endpoints it spreads calls over them
/// (<see cref="GlueClientOptions.LoadBalancing"/>), skips endpoints that are down, and reconnects to them in the
/// background with backoff, so a node that comes back gets calls again. Calls that provably never reached a server, and
/// calls of <see cref="GlueIdempotentAttribute"/> methods cut off by a lost connection, are retried within their
/// deadline (<see cref="GlueClientOptions.Retry"/>). The endpoints are a fixed list or come from an
/// <see cref="IGlueEndpointProvider"/> (DNS, a service registry) that adds and removes them while the client runs.
/// Thread-safe; proxies are cheap.
/// </summary>
/// <example>
/// <code>
/// await using var client = new GlueClient(new IPEndPoint(IPAddress.Loopback, 5005));
/// ICalculator calc = client.GetProxy&lt;ICalculator&gt;();
/// int sum = await calc.AddAsync(2, 3);
///
/// await using var cluster = new GlueClient([nodeA, nodeB, nodeC]);   // round-robin with failover
/// await using var pods = new GlueClient(new DnsEndpointProvider("orders.shop.svc.cluster.local", 5005));
/// </code>
/// </example>
public sealed partial class GlueClient : IAsyncDisposable
{
    private readonly Lock _lock = new();
    private readonly IGlueEndpointProvider? _provider;
    private readonly TaskCompletionSource _firstEndpoints = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly HashSet<GlueNode> _retiring = new();
    private readonly RetryBudget _retryBudget;
    // Replaced whole (never changed in place) when the provider's set changes: the call path reads it without a lock.
    private GlueNode[] _nodes;
    private readonly ContractDescriptor?[] _contracts = new ContractDescriptor?[ProtocolConstants.MaxContracts];
    private readonly Dictionary<Type, int> _contractIds = new();
    private readonly CancellationTokenSource _disposing = new();
    private int _next = -1;
    private int _started;
    private volatile bool _disposed;

    /// <summary>Creates a client for the server at <paramref name="endPoint"/> (an IPEndPoint or a DnsEndPoint). Does not connect yet.</summary>
    public GlueClient(EndPoint endPoint, GlueClientOptions? options = null)
        : this(options ?? new GlueClientOptions(), [endPoint ?? throw new ArgumentNullException(nameof(endPoint))])
    {
    }

    /// <summary>
    /// Creates a client for a cluster: calls are spread over <paramref name="endPoints"/> by
    /// <see cref="GlueClientOptions.LoadBalancing"/>, with failover. Does not connect yet.
    /// </summary>
    public GlueClient(IEnumerable<EndPoint> endPoints, GlueClientOptions? options = null)
        : this(options ?? new GlueClientOptions(), CheckEndPoints(endPoints))
    {
    }

    /// <summary>
    /// Creates a client whose endpoints come from <paramref name="provider"/>: it starts watching on first use (or
    /// <see cref="ConnectAsync"/>), connects to endpoints as they appear and drains those that disappear. Calls made
    /// before the provider's first answer wait for it within their deadline. Does not connect yet.
    /// </summary>
    public GlueClient(IGlueEndpointProvider provider, GlueClientOptions? options = null)
        : this(options ?? new GlueClientOptions(),
              (provider ?? throw new ArgumentNullException(nameof(provider))) is StaticEndpointProvider fixedList ? [.. fixedList.EndPoints] : [],
              provider is StaticEndpointProvider ? null : provider)
    {
    }

    /// <summary>Creates a client that connects through the options' connector (tests, in-memory hosting).</summary>
    internal GlueClient(GlueClientOptions options) : this(options, [])
    {
    }

    private GlueClient(GlueClientOptions options, EndPoint[] endPoints, IGlueEndpointProvider? provider = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();
        Options = options;
        SerializerFactory = options.SerializerFactory ?? SlimGlueSerializerFactory.Instance;
        Metrics = GlueMetrics.For(options.MeterFactory);
        Logger = (ILogger?)options.LoggerFactory?.CreateLogger<GlueClient>() ?? NullLogger.Instance;
        _retryBudget = new RetryBudget(options.Retry.BudgetPerSecond);
        _provider = provider;
        if (provider is not null)
        {
            _nodes = [];
        }
        else if (endPoints.Length == 0 && options.Connector is { } connector)
        {
            _nodes = [new GlueNode(this, null, connector)];
        }
        else if (endPoints.Length == 0)
        {
            throw new ArgumentException("An endpoint or a connector is required.", nameof(options));
        }
        else
        {
            _nodes = endPoints.Select(CreateNode).ToArray();
        }
    }

    /// <summary>The options the client was created with.</summary>
    public GlueClientOptions Options { get; }

    /// <summary>The (first) server endpoint (null for an in-memory client, or before an endpoint provider's first answer).</summary>
    public EndPoint? EndPoint => Nodes.FirstOrDefault()?.EndPoint;

    /// <summary>Every server endpoint now, in the order given (or the provider's order); a snapshot.</summary>
    public IReadOnlyList<EndPoint> EndPoints => Nodes.Select(n => n.EndPoint).OfType<EndPoint>().ToArray();

    /// <summary>True while at least one connection can take calls.</summary>
    public bool IsConnected => Nodes.Any(n => n.Live is not null);

    private GlueNode[] Nodes => Volatile.Read(ref _nodes);

    internal IGlueSerializerFactory SerializerFactory { get; }

    internal GlueMetrics Metrics { get; }

    internal ILogger Logger { get; }

    internal bool IsDisposed => _disposed;

    internal CancellationToken DisposeToken => _disposing.Token;

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

    /// <summary>
    /// Connects now (otherwise the first call does): to every endpoint, completing when one of them is connected
    /// (the handshake done).
    /// </summary>
    /// <exception cref="GlueConnectionException">No server can be reached, or the server refused the handshake.</exception>
    public async Task ConnectAsync(CancellationToken cancellationToken = default) =>
        await AcquireConnectionAsync(cancellationToken).ConfigureAwait(false);

    /// <summary>Measures a round trip (Ping / Pong frames) to the server the next call would go to, connecting first if needed.</summary>
    public async Task<TimeSpan> PingAsync(CancellationToken cancellationToken = default)
    {
        ClientConnection connection = await AcquireConnectionAsync(cancellationToken).ConfigureAwait(false);
        long start = Stopwatch.GetTimestamp();
        await connection.PingAsync(cancellationToken).ConfigureAwait(false);
        return Stopwatch.GetElapsedTime(start);
    }

    /// <summary>
    /// Forgets refused credentials and every endpoint's reconnect backoff, so the next call connects at once. A server
    /// that refuses the client's <see cref="GlueClientOptions.AuthToken"/> is not asked again until this is called (for
    /// example after the server's secret was rotated to match); until then every call fails with
    /// <see cref="GlueAuthenticationException"/>.
    /// </summary>
    public void Reconnect()
    {
        foreach (GlueNode node in Nodes)
        {
            node.Reset();
        }
    }

    /// <summary>The state of each endpoint, in the order given: connected or not, calls in flight, failures, the last error.</summary>
    public IReadOnlyList<GlueEndpointStatus> GetStatus() => Nodes.Select(n => n.Status).ToArray();

    /// <summary>Closes the connections; calls still pending fail with <see cref="GlueConnectionException"/>. Stops reconnecting.</summary>
    public async ValueTask DisposeAsync()
    {
        lock (_lock)
        {
            if (_disposed)
            {
                return;
            }
            _disposed = true;
        }
        await _disposing.CancelAsync().ConfigureAwait(false);
        // _disposing is not disposed: reconnect loops and attempts may still read its token (it has no timer to free).
        GlueNode[] nodes;
        lock (_lock)
        {
            nodes = [.. Nodes, .. _retiring];
        }
        await Task.WhenAll(nodes.Select(n => n.CloseAsync())).ConfigureAwait(false);
    }

    internal ContractDescriptor? ContractAt(int id) => (uint)id < (uint)_contracts.Length ? Volatile.Read(ref _contracts[id]) : null;

    /// <summary>
    /// The fast path of a call: a usable connection chosen by the load-balancing policy, or null when none is up.
    /// Round-robin compares the next node in turn with its neighbour and takes the one with fewer calls in flight.
    /// </summary>
    internal ClientConnection? PickConnection()
    {
        GlueNode[] nodes = Nodes;
        if (nodes.Length <= 1)
        {
            return nodes.Length == 1 ? nodes[0].Live : null;
        }
        if (Options.LoadBalancing == GlueLoadBalancing.PickFirst)
        {
            foreach (GlueNode node in nodes)
            {
                if (node.Live is ClientConnection live)
                {
                    return live;
                }
            }
            return null;
        }
        uint turn = (uint)Interlocked.Increment(ref _next);
        ClientConnection? first = nodes[turn % (uint)nodes.Length].Live;
        ClientConnection? second = nodes[(turn + 1) % (uint)nodes.Length].Live;
        if (first is null)
        {
            return second ?? AnyLive(nodes, turn + 2);
        }
        return second is not null && second.InFlight < first.InFlight ? second : first;
    }

    /// <summary>
    /// The slow path: no connection is up. Waits for the first of the attempts in progress (or due, their backoff
    /// over) to succeed; fails at once when every endpoint is backing off.
    /// </summary>
    internal async ValueTask<ClientConnection> AcquireConnectionAsync(CancellationToken cancellationToken, bool waitForReady = false)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Start();
        if (PickConnection() is ClientConnection ready)
        {
            return ready;
        }
        if (_provider is not null && !_firstEndpoints.Task.IsCompleted)
        {
            // The provider has not answered yet: there is nothing to connect to before it does.
            await _firstEndpoints.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        while (true)
        {
            try
            {
                return await TryAcquireAsync(cancellationToken).ConfigureAwait(false);
            }
            catch (GlueConnectionException e) when (waitForReady && e is not GlueAuthenticationException)
            {
                // Wait-for-ready: every endpoint is down or backing off; wait for the soonest retry (the reconnect
                // loops keep trying meanwhile) and look again, until the caller's deadline cancels the wait.
                await Task.Delay(SoonestRetry(), cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <summary>Why no endpoint is usable now, for a call that waited for one in vain.</summary>
    internal string DescribeEndpoints() =>
        Nodes is { Length: > 0 } nodes ? string.Join("; ", nodes.Select(n => n.Describe())) : "no endpoints yet";

    private TimeSpan SoonestRetry()
    {
        GlueNode[] nodes = Nodes;
        long soonest = nodes.Length == 0 ? 500 : nodes.Min(n => n.RetryIn);
        // At least a little (no spinning), at most a while (a connection the reconnect loop opened is seen soon).
        return TimeSpan.FromMilliseconds(Math.Clamp(soonest, 10, 500));
    }

    private async ValueTask<ClientConnection> TryAcquireAsync(CancellationToken cancellationToken)
    {
        if (PickConnection() is ClientConnection ready)
        {
            return ready;
        }
        GlueNode[] nodes = Nodes;
        if (nodes.Length == 0)
        {
            throw new GlueConnectionException("No server is reachable: the endpoint provider lists no endpoints.");
        }
        var attempts = new List<Task<ClientConnection>>(nodes.Length);
        foreach (GlueNode node in NodesInPolicyOrder())
        {
            if (node.TryConnectNow() is { } attempt)
            {
                attempts.Add(attempt);
            }
        }
        Exception? last = null;
        while (attempts.Count > 0)
        {
            Task<ClientConnection> done = await Task.WhenAny(attempts).WaitAsync(cancellationToken).ConfigureAwait(false);
            if (done.IsCompletedSuccessfully)
            {
                return PickConnection() ?? done.Result;
            }
            attempts.Remove(done);
            last = done.Exception?.InnerException ?? last;
        }
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (PickConnection() is ClientConnection late)
        {
            return late;
        }
        if (FirstRefusal() is GlueAuthenticationException refused)
        {
            // Typed on every call, not only the first: the credentials are the problem, not the network.
            throw new GlueAuthenticationException(
                $"{refused.Message} The client does not retry refused credentials until {nameof(Reconnect)}() is called.", refused);
        }
        if (nodes.Length == 1 && last is GlueConnectionException single)
        {
            throw single;
        }
        throw new GlueConnectionException($"No server is reachable: {DescribeEndpoints()}.", last);
    }

    /// <summary>Opens and handshakes one connection for <paramref name="node"/> (called by its connection attempt).</summary>
    internal async Task<ClientConnection> OpenConnectionAsync(GlueNode node)
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(_disposing.Token);
        timeout.CancelAfter(Options.ConnectTimeout);
        GlueTransport transport;
        try
        {
            transport = await node.Connector(timeout.Token).ConfigureAwait(false);
        }
        catch (Exception e) when (e is SocketException or IOException or OperationCanceledException)
        {
            throw new GlueConnectionException($"Could not connect to {node.Name}: {e.Message}", e);
        }
        var connection = new ClientConnection(this, node, transport);
        try
        {
            await connection.HandshakeAsync(SnapshotContracts(), timeout.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException e)
        {
            throw new GlueConnectionException($"The handshake with {node.Name} timed out.", e);
        }
        return connection;
    }

    private static EndPoint[] CheckEndPoints(IEnumerable<EndPoint> endPoints)
    {
        ArgumentNullException.ThrowIfNull(endPoints);
        EndPoint[] all = endPoints.ToArray();
        if (all.Length == 0 || all.Any(e => e is null))
        {
            throw new ArgumentException("At least one endpoint, and no null ones, are required.", nameof(endPoints));
        }
        return all;
    }

    private GlueAuthenticationException? FirstRefusal()
    {
        foreach (GlueNode node in Nodes)
        {
            if (node.Refusal is GlueAuthenticationException refused)
            {
                return refused;
            }
        }
        return null;
    }

    private static ClientConnection? AnyLive(GlueNode[] nodes, uint from)
    {
        for (int i = 0; i < nodes.Length; i++)
        {
            if (nodes[(from + (uint)i) % (uint)nodes.Length].Live is ClientConnection live)
            {
                return live;
            }
        }
        return null;
    }

    /// <summary>Pick-first: list order; round-robin: from the next node in turn.</summary>
    private IEnumerable<GlueNode> NodesInPolicyOrder()
    {
        GlueNode[] nodes = Nodes;
        if (nodes.Length == 0)
        {
            yield break;
        }
        int start = Options.LoadBalancing == GlueLoadBalancing.PickFirst ? 0 : (int)((uint)Volatile.Read(ref _next) % (uint)nodes.Length);
        for (int i = 0; i < nodes.Length; i++)
        {
            yield return nodes[(start + i) % nodes.Length];
        }
    }

    /// <summary>
    /// On first use: a client with an endpoint provider starts watching it; a multi-endpoint client connects to every
    /// endpoint (in the background).
    /// </summary>
    private void Start()
    {
        if (Volatile.Read(ref _started) != 0 || Interlocked.Exchange(ref _started, 1) != 0)
        {
            return;
        }
        if (_provider is not null)
        {
            _ = WatchEndpointsAsync(_provider);
            return;
        }
        GlueNode[] nodes = Nodes;
        if (nodes.Length > 1)
        {
            foreach (GlueNode node in nodes)
            {
                node.Warm();
            }
        }
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
