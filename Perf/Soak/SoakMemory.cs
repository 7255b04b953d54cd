namespace NFX.Perf.Soak;

/// <summary>
/// Whether a process's memory stayed flat: the first 30% of its samples are warm-up; of the rest, the median of the
/// last third may exceed the median of the first third by at most 25% plus a fixed allowance (8 MiB of live heap,
/// 48 MiB of working set: the runtime grows its pools and caches in steps).
/// </summary>
public sealed record SoakMemory(string Process, int Samples, long HeapStart, long HeapEnd, long RssStart, long RssEnd)
{
    private const double GrowthFactor = 1.25;
    private const long HeapAllowance = 8L << 20;
    private const long RssAllowance = 48L << 20;
    private const int MinSamples = 6;

    /// <summary>Enough samples and both numbers within bounds.</summary>
    public bool IsFlat => Samples >= MinSamples && HeapEnd <= HeapStart * GrowthFactor + HeapAllowance && RssEnd <= RssStart * GrowthFactor + RssAllowance;

    /// <summary>Judges the samples of one process.</summary>
    public static SoakMemory Of(string process, IReadOnlyList<SoakMemorySample> samples)
    {
        SoakMemorySample[] steady = [.. samples.Skip((int)(samples.Count * 0.3))];
        if (steady.Length < 3)
        {
            return new SoakMemory(process, steady.Length, 0, 0, 0, 0);
        }
        int third = Math.Max(1, steady.Length / 3);
        SoakMemorySample[] first = steady[..third];
        SoakMemorySample[] last = steady[^third..];
        return new SoakMemory(process, steady.Length, Median(first, s => s.Heap), Median(last, s => s.Heap), Median(first, s => s.Rss), Median(last, s => s.Rss));
    }

    private static long Median(SoakMemorySample[] samples, Func<SoakMemorySample, long> pick)
    {
        long[] values = [.. samples.Select(pick).Order()];
        return values[values.Length / 2];
    }
}
