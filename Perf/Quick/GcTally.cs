using System.Globalization;

namespace NFX.Perf.Quick;

/// <summary>
/// The garbage collector's counters at one moment (collections per generation, total pause, committed memory), so a
/// timed stretch can say how much of its time the GC took: on large arrays that is most of it.
/// </summary>
public readonly record struct GcTally(int Gen0, int Gen1, int Gen2, TimeSpan Pause, long CommittedBytes)
{
    /// <summary>The counters now.</summary>
    public static GcTally Now() => new(GC.CollectionCount(0), GC.CollectionCount(1), GC.CollectionCount(2),
        GC.GetTotalPauseDuration(), GC.GetGCMemoryInfo().TotalCommittedBytes);

    /// <summary>The sum of two differences (committed memory: the later value).</summary>
    public static GcTally operator +(GcTally sum, GcTally more) => new(sum.Gen0 + more.Gen0, sum.Gen1 + more.Gen1,
        sum.Gen2 + more.Gen2, sum.Pause + more.Pause, more.CommittedBytes);

    /// <summary>The difference of two tallies (committed memory: the later value).</summary>
    public static GcTally operator -(GcTally later, GcTally earlier) => new(later.Gen0 - earlier.Gen0,
        later.Gen1 - earlier.Gen1, later.Gen2 - earlier.Gen2, later.Pause - earlier.Pause, later.CommittedBytes);

    /// <summary>"gen2 per op, pause per op" in a few characters, for progress lines.</summary>
    public string Summary(long ops) => string.Format(CultureInfo.InvariantCulture,
        "{0:0.###} gen2 + {1:0.###} gen0 per op, paused {2:0.###} ms per op", Gen2 / (double)ops, Gen0 / (double)ops, Pause.TotalMilliseconds / ops);

    /// <summary>"GC: per 1,000 ops ... collections, pause x% of the wall time".</summary>
    public string Describe(long ops, TimeSpan wall) => string.Format(CultureInfo.InvariantCulture,
        "GC per 1,000 ops: {0:0.#} gen0 / {1:0.#} gen1 / {2:0.#} gen2 collections; paused {3:0.0}% of the wall time ({4:0.###} ms per op); {5:N0} MiB committed",
        Gen0 * 1000.0 / ops, Gen1 * 1000.0 / ops, Gen2 * 1000.0 / ops, 100 * Pause / wall, Pause.TotalMilliseconds / ops, CommittedBytes >> 20);
}
