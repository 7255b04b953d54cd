using NFX.Tests.CacheProbe;

namespace NFX.Tests.Caching.Support;

/// <summary>A HybridCache factory that builds the probe graph and counts its calls (thread-safe).</summary>
public sealed class CountingFactory(TimeSpan delay = default, string? bigName = null)
{
    private int _calls;

    public int Calls => Volatile.Read(ref _calls);

    public async ValueTask<Team> Team(CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref _calls);
        if (delay > TimeSpan.Zero)
        {
            await Task.Delay(delay, cancellationToken);
        }
        Team team = ProbeGraph.Build();
        if (bigName is not null)
        {
            team.Name = bigName;
        }
        return team;
    }
}
