using System.Net;
using System.Runtime.CompilerServices;

namespace NFX.Glue;

/// <summary>
/// A fixed list of endpoints: what <see cref="GlueClient(IEnumerable{EndPoint}, GlueClientOptions?)"/> uses. A
/// <see cref="DnsEndPoint"/> in the list is one endpoint, resolved by each connection attempt (use
/// <see cref="DnsEndpointProvider"/> for one endpoint per address).
/// </summary>
public sealed class StaticEndpointProvider : IGlueEndpointProvider
{
    /// <summary>Creates the provider.</summary>
    /// <exception cref="ArgumentException">The list is empty or has a null entry.</exception>
    public StaticEndpointProvider(IEnumerable<EndPoint> endPoints)
    {
        ArgumentNullException.ThrowIfNull(endPoints);
        EndPoint[] all = endPoints.ToArray();
        if (all.Length == 0 || all.Any(e => e is null))
        {
            throw new ArgumentException("At least one endpoint, and no null ones, are required.", nameof(endPoints));
        }
        EndPoints = all;
    }

    /// <summary>The endpoints, in the order given.</summary>
    public IReadOnlyList<EndPoint> EndPoints { get; }

    /// <summary>Yields the list once.</summary>
    public async IAsyncEnumerable<IReadOnlyList<EndPoint>> WatchAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await Task.CompletedTask.ConfigureAwait(false);
        yield return EndPoints;
    }
}
