using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Net;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using NFX.Glue.Client;
using NFX.Glue.Client.Balancing;
using NFX.Glue.Client.Proxies;
using NFX.Glue.Contracts;
using NFX.Glue.Serialization;
using NFX.Glue.Telemetry;

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
public sealed class GlueClient : IAsyncDisposable
{
    private readonly Lock _lock = new();
    private readonly NodeSet _nodes;
    private readonly CancellationTokenSource _disposing = new();
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
        if (provider is null && endPoints.Length == 0 && options.Connector is null)
        {
            throw new ArgumentException("An endpoint or a connector is required.", nameof(options));
        }
        _nodes = new NodeSet(this, endPoints, provider);
        Connections = new ConnectionAcquirer(this, _nodes, new NodePicker(options.LoadBalancing));
        Retries = new CallRetrier(this);
    }

    /// <summary>The options the client was created with.</summary>
    public GlueClientOptions Options { get; }

    /// <summary>The (first) server endpoint (null for an in-memory client, or before an endpoint provider's first answer).</summary>
    public EndPoint? EndPoint => _nodes.Current.FirstOrDefault()?.EndPoint;

    /// <summary>Every server endpoint now, in the order given (or the provider's order); a snapshot.</summary>
    public IReadOnlyList<EndPoint> EndPoints => _nodes.Current.Select(n => n.EndPoint).OfType<EndPoint>().ToArray();

    /// <summary>True while at least one connection can take calls.</summary>
    public bool IsConnected => _nodes.Current.Any(n => n.Live is not null);

    internal IGlueSerializerFactory SerializerFactory { get; }

    internal GlueMetrics Metrics { get; }

    internal ILogger Logger { get; }

    /// <summary>The contracts the client's proxies use, by id.</summary>
    internal ContractTable Contracts { get; } = new();

    /// <summary>How calls get a connection (load balancing, connecting, waiting for one).</summary>
    internal ConnectionAcquirer Connections { get; }

    /// <summary>Attempts again the calls a connection gave up on, when safe and allowed.</summary>
    internal CallRetrier Retries { get; }

    internal bool IsDisposed => _disposed;

    internal CancellationToken DisposeToken => _disposing.Token;

    /// <summary>A proxy for <typeparamref name="TContract"/> whose calls use <see cref="GlueClientOptions.DefaultDeadline"/>.</summary>
    /// <exception cref="GlueContractException">The interface is not a valid contract (the message names the method and the rule).</exception>
    public TContract GetProxy<[DynamicallyAccessedMembers(ContractDescriptor.Reflected)] TContract>() where TContract : class => GetProxy<TContract>(Options.DefaultDeadline);

    /// <summary>A proxy for <typeparamref name="TContract"/> whose calls each have <paramref name="deadline"/> to complete.</summary>
    /// <exception cref="GlueContractException">The interface is not a valid contract (the message names the method and the rule).</exception>
    public TContract GetProxy<[DynamicallyAccessedMembers(ContractDescriptor.Reflected)] TContract>(TimeSpan deadline) where TContract : class
    {
        if (deadline <= TimeSpan.Zero && deadline != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(deadline), deadline, "The deadline must be positive or infinite.");
        }
        ContractDescriptor contract = ContractDescriptor.For(typeof(TContract));
        int id = Contracts.Register(contract);
        return (TContract)ProxyFactory.Create(new ProxyContext(this, contract, id, deadline), Options.UseGeneratedCode);
    }

    /// <summary>
    /// Connects now (otherwise the first call does): to every endpoint, completing when one of them is connected
    /// (the handshake done).
    /// </summary>
    /// <exception cref="GlueConnectionException">No server can be reached, or the server refused the handshake.</exception>
    public async Task ConnectAsync(CancellationToken cancellationToken = default) =>
        await Connections.AcquireAsync(cancellationToken).ConfigureAwait(false);

    /// <summary>Measures a round trip (Ping / Pong frames) to the server the next call would go to, connecting first if needed.</summary>
    public async Task<TimeSpan> PingAsync(CancellationToken cancellationToken = default)
    {
        ClientConnection connection = await Connections.AcquireAsync(cancellationToken).ConfigureAwait(false);
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
    public void Reconnect() => _nodes.Reset();

    /// <summary>The state of each endpoint, in the order given: connected or not, calls in flight, failures, the last error.</summary>
    public IReadOnlyList<GlueEndpointStatus> GetStatus() => _nodes.Statuses();

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
        await _nodes.CloseAsync().ConfigureAwait(false);
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
}
