using NFX.Glue;
using NFX.Perf.Rpc;

namespace NFX.Perf.Soak;

/// <summary>The soak run's contract: one method per call shape the clients mix.</summary>
[Glued(Name = "nfx.perf.soak.Soak")]
public interface ISoakService
{
    /// <summary>A small call: returns <paramref name="x"/> + 1.</summary>
    ValueTask<int> Small(int x);

    /// <summary>The DBWork shape of the RPC benchmark: ten rows of ten fields.</summary>
    ValueTask<DbRow[]> DbWork(int id);

    /// <summary>A large result: <paramref name="size"/> bytes, each <paramref name="fill"/>.</summary>
    ValueTask<byte[]> Large(int size, byte fill);

    /// <summary>A one-way call (never answered).</summary>
    [OneWay]
    void Notify(long opId);

    /// <summary>Waits <paramref name="milliseconds"/> unless canceled: the canceled and deadline-expiring calls.</summary>
    Task<int> Slow(int milliseconds, CancellationToken cancellationToken);

    /// <summary>A non-idempotent call: the node records <paramref name="opId"/> durably before answering it.</summary>
    ValueTask<long> ExecuteOnce(long opId);
}
