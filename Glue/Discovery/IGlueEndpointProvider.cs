using System.Net;

namespace NFX.Glue;

/// <summary>
/// Where a <see cref="GlueClient"/> finds its servers. <see cref="WatchAsync"/> yields the full set of endpoints each
/// time it changes (the first set as soon as it is known); the client connects to endpoints that appear and drains
/// those that disappear (no new calls; the calls in flight there finish, then the connection closes).
/// Built in: <see cref="StaticEndpointProvider"/> (a fixed list) and <see cref="DnsEndpointProvider"/> (a DNS name
/// re-resolved on an interval, such as a Kubernetes headless service). Anything else plugs in the same way: a Consul
/// or etcd watch (yield the service's healthy instances after each blocking query or watch event), or a membership
/// table polled on a timer (yield its live rows).
/// </summary>
/// <remarks>
/// The client calls <see cref="WatchAsync"/> once, on first use, and enumerates it until the client is disposed (then
/// its token fires). The enumeration should not end or throw while the client is in use: a
/// provider that cannot reach its source should wait and try again, keeping its last answer. If it throws anyway, the
/// client logs the error, keeps the endpoints it has and calls <see cref="WatchAsync"/> again after
/// <see cref="GlueClientOptions.MaxReconnectDelay"/>; if it ends, the last set stays. Yielding a set equal to the
/// current one changes nothing. Endpoints are compared with <c>EndPoint.Equals</c>.
/// </remarks>
public interface IGlueEndpointProvider
{
    /// <summary>The current endpoints, then the full set again after every change.</summary>
    IAsyncEnumerable<IReadOnlyList<EndPoint>> WatchAsync(CancellationToken cancellationToken);
}
