using System.Net;
using System.Net.Sockets;
using System.Runtime.CompilerServices;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;

namespace NFX.Glue;

/// <summary>
/// Endpoints from DNS: every address a host name resolves to (A and AAAA records), on one port, re-resolved every
/// <see cref="RefreshInterval"/>. Addresses that appear are connected; addresses that disappear are drained. Made for a
/// Kubernetes headless service (<c>clusterIP: None</c>), whose name resolves to the addresses of its ready pods:
/// <code>
/// var pods = new DnsEndpointProvider("orders.shop.svc.cluster.local", 5005) { RefreshInterval = TimeSpan.FromSeconds(10) };
/// await using var client = new GlueClient(pods);
/// </code>
/// A failed lookup, or one that returns no address, keeps the addresses of the last good answer (a DNS hiccup must not
/// empty the cluster; the client's own failover handles servers that are really gone) and is logged.
/// </summary>
public sealed class DnsEndpointProvider : IGlueEndpointProvider
{
    /// <summary>Creates the provider; nothing is resolved until a client starts watching it.</summary>
    /// <exception cref="ArgumentException">The host is empty or the port out of range.</exception>
    public DnsEndpointProvider(string host, int port)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(host);
        ArgumentOutOfRangeException.ThrowIfLessThan(port, IPEndPoint.MinPort);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(port, IPEndPoint.MaxPort);
        Host = host;
        Port = port;
    }

    /// <summary>The name resolved.</summary>
    public string Host { get; }

    /// <summary>The port of every endpoint.</summary>
    public int Port { get; }

    /// <summary>How often the name is resolved again. Default 30 s.</summary>
    public TimeSpan RefreshInterval
    {
        get;
        init
        {
            if (value <= TimeSpan.Zero)
            {
                throw new ArgumentOutOfRangeException(nameof(RefreshInterval), value, "The refresh interval must be positive.");
            }
            field = value;
        }
    } = TimeSpan.FromSeconds(30);

    /// <summary>The resolver (default: <see cref="Dns.GetHostAddressesAsync(string, CancellationToken)"/>).</summary>
    public GlueDnsResolver Resolver { get; init; } = static (host, ct) => Dns.GetHostAddressesAsync(host, ct);

    /// <summary>Only addresses of this family (for example <see cref="AddressFamily.InterNetwork"/> for IPv4 only); null (the default): every address.</summary>
    public AddressFamily? AddressFamily { get; init; }

    /// <summary>Where failed lookups are logged (null: nowhere).</summary>
    public ILogger? Logger { get; init; }

    /// <summary>Resolves now, yields the addresses when they differ from the last answer, waits the interval, again.</summary>
    public async IAsyncEnumerable<IReadOnlyList<EndPoint>> WatchAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        ILogger logger = Logger ?? NullLogger.Instance;
        IPEndPoint[] last = [];
        while (true)
        {
            IPEndPoint[] found = await ResolveAsync(logger, cancellationToken).ConfigureAwait(false);
            if (found.Length > 0 && !SameSet(found, last))
            {
                last = found;
                yield return found;
            }
            await Task.Delay(RefreshInterval, cancellationToken).ConfigureAwait(false);
        }
    }

    private async Task<IPEndPoint[]> ResolveAsync(ILogger logger, CancellationToken cancellationToken)
    {
        IPAddress[] addresses;
        try
        {
            addresses = await Resolver(Host, cancellationToken).ConfigureAwait(false) ?? [];
        }
        catch (Exception e) when (!cancellationToken.IsCancellationRequested)
        {
            Telemetry.Log.DnsLookupFailed(logger, Host, e.Message);
            return [];
        }
        IPEndPoint[] found = addresses
            .Where(a => AddressFamily is not { } family || a.AddressFamily == family)
            .Distinct()
            .Select(a => new IPEndPoint(a, Port))
            .ToArray();
        if (found.Length == 0)
        {
            Telemetry.Log.DnsLookupFailed(logger, Host, "no usable address");
        }
        return found;
    }

    private static bool SameSet(IPEndPoint[] a, IPEndPoint[] b) => a.Length == b.Length && a.ToHashSet().SetEquals(b);
}
