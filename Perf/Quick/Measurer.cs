using System.Diagnostics;

namespace NFX.Perf.Quick;

/// <summary>
/// The quick mode's own timing loop: warm up, size batches to a fraction of the budget, time batches until the
/// budget is spent (at least <see cref="MinBatches"/> unless that would exceed <see cref="MaxDirection"/>), take the median.
/// </summary>
public sealed class Measurer(TimeSpan budget)
{
    /// <summary>Batches timed at least, when an op is short enough.</summary>
    public const int MinBatches = 5;

    /// <summary>Batches timed at most.</summary>
    public const int MaxBatches = 15;

    /// <summary>The most time one direction may take once a batch was timed (slow contenders get fewer batches).</summary>
    public static readonly TimeSpan MaxDirection = TimeSpan.FromSeconds(1.5);

    /// <summary>Time spent per measured direction (warmup excluded).</summary>
    public TimeSpan Budget { get; } = budget;

    /// <summary>Measures <paramref name="op"/> on the current thread.</summary>
    public Measurement Measure(Action op)
    {
        Settle();
        // Warmup: the JIT already ran during verification; this reaches steady state and estimates one op.
        double warmupMs = Budget.TotalMilliseconds / 5;
        var clock = Stopwatch.StartNew();
        int warmupOps = 0;
        do
        {
            op();
            warmupOps++;
        }
        while (clock.Elapsed.TotalMilliseconds < warmupMs);
        double estimateMs = clock.Elapsed.TotalMilliseconds / warmupOps;

        int opsPerBatch = (int)Math.Clamp(Budget.TotalMilliseconds / MinBatches / Math.Max(estimateMs, 1e-6), 1, 10_000_000);
        var times = new List<double>(MaxBatches);
        var allocations = new List<double>(MaxBatches);
        var total = Stopwatch.StartNew();
        double lastBatchMs = 0;
        while (times.Count < MaxBatches)
        {
            if (times.Count >= MinBatches && total.Elapsed >= Budget)
            {
                break;
            }
            // Slow contenders (a second per op) get fewer batches rather than stretching the run.
            if (times.Count >= 1 && total.Elapsed.TotalMilliseconds + lastBatchMs > MaxDirection.TotalMilliseconds)
            {
                break;
            }
            long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < opsPerBatch; i++)
            {
                op();
            }
            long ticks = Stopwatch.GetTimestamp() - start;
            long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
            lastBatchMs = ticks * 1000.0 / Stopwatch.Frequency;
            times.Add(ticks * (1e9 / Stopwatch.Frequency) / opsPerBatch);
            allocations.Add((double)allocated / opsPerBatch);
        }
        return new Measurement(Median(times), Median(allocations), times.Count, opsPerBatch);
    }

    /// <summary>Collects garbage left by the previous measurement so it is not charged to this one.</summary>
    public static void Settle()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
    }

    private static double Median(List<double> values)
    {
        values.Sort();
        int mid = values.Count / 2;
        return values.Count % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
    }
}
