using System.Diagnostics;
using System.Runtime;

namespace NFX.Perf.Quick;

/// <summary>
/// The quick mode's own timing loop: warm up, size batches to about <see cref="TargetBatch"/>, time batches until the
/// budget is spent (at least <see cref="MinBatches"/> unless that would exceed <see cref="MaxDirection"/>), take the median.
/// Tables are timed in rounds, every contender once per round (<see cref="MeasureInRounds"/>).
/// </summary>
/// <remarks>
/// Batches are short on purpose: on a machine whose load is several times its core count the thread runs in slices
/// of a few milliseconds with other processes in between, so a 40 ms batch always included other processes' turns
/// (a 0.5 us op read 4-14 us), while most 1 ms batches fit inside one slice and the median of many is the op's time.
/// </remarks>
public sealed class Measurer(TimeSpan budget)
{
    /// <summary>Batches timed at least, when an op is short enough.</summary>
    public const int MinBatches = 5;

    /// <summary>Batches timed at most.</summary>
    public const int MaxBatches = 1000;

    /// <summary>How long one batch should take (an op that takes longer is timed alone).</summary>
    public static readonly TimeSpan TargetBatch = TimeSpan.FromMilliseconds(1);

    /// <summary>The most time one direction may take once a batch was timed (slow contenders get fewer batches).</summary>
    public static readonly TimeSpan MaxDirection = TimeSpan.FromSeconds(1.5);

    /// <summary>Time spent per measured direction (warmup excluded).</summary>
    public TimeSpan Budget { get; } = budget;

    /// <summary>No method compiled for this long (tiered JIT included) means the op runs its final code.</summary>
    public static readonly TimeSpan JitQuiet = TimeSpan.FromMilliseconds(150);

    /// <summary>The longest warmup: an op still compiling after this is timed anyway.</summary>
    public static readonly TimeSpan MaxWarmup = TimeSpan.FromSeconds(3);

    /// <summary>
    /// Measures <paramref name="op"/> on the current thread; the collector's work inside the timed batches is reported
    /// beside the time (<see cref="Measurement.Gc"/>).
    /// </summary>
    /// <param name="op">The op (one call of it = one op).</param>
    /// <param name="largeObjectPerOp">
    /// True when every op allocates a large-object-heap array (the primitive-array workloads): then each op is timed
    /// alone, after a full (non-compacting) collection outside the timing, so it reuses the memory its predecessor's
    /// array just gave back. Otherwise the time depends on the collector's state, not on
    /// the op: right after a collection a new 16 MiB array reuses memory already committed (about 1 ms to fill), but the
    /// large-object budget lets hundreds of MiB go by without one, and each of those arrays gets fresh pages from the
    /// OS (4,096 page faults per 16 MiB; 80-200 ms on a loaded 2-core VM). The same contender measured 1.5 ms in one
    /// run and 65 ms in the next, so the ratios were noise. What this leaves out is the OS's page-fault cost, which
    /// every contender that allocates its result pays alike.
    /// </param>
    /// <param name="estimateMs">
    /// The time of one op from an earlier <see cref="WarmUp"/> of the same op: the op is warm, so it is timed at once
    /// (one round of several, interleaved with the other contenders'); null warms it up first.
    /// </param>
    /// <param name="budget">This measurement's share of <see cref="Budget"/> (a round's), or null for all of it.</param>
    /// <param name="minBatches">Batches timed at least (a round needs fewer than a whole measurement).</param>
    public Measurement Measure(Action op, bool largeObjectPerOp = false, double? estimateMs = null, TimeSpan? budget = null, int minBatches = MinBatches)
    {
        Settle();
        double perOpMs = estimateMs ?? WarmUp(op);
        TimeSpan timeBudget = budget ?? Budget;
        int opsPerBatch = largeObjectPerOp ? 1 : (int)Math.Clamp(TargetBatch.TotalMilliseconds / Math.Max(perOpMs, 1e-6), 1, 10_000_000);
        var times = new List<double>();
        var allocations = new List<double>();
        var total = Stopwatch.StartNew();
        GcTally gc = default;
        double lastBatchMs = 0;
        while (times.Count < MaxBatches)
        {
            if (times.Count >= minBatches && total.Elapsed >= timeBudget)
            {
                break;
            }
            // Slow contenders (a second per op) get fewer batches rather than stretching the run.
            if (times.Count >= 1 && total.Elapsed.TotalMilliseconds + lastBatchMs > MaxDirection.TotalMilliseconds)
            {
                break;
            }
            if (largeObjectPerOp)
            {
                // Not compacting: a compaction decommits the space it frees, and every op after it faulted again.
                GC.Collect();
            }
            GcTally gcBefore = GcTally.Now();
            long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < opsPerBatch; i++)
            {
                op();
            }
            long ticks = Stopwatch.GetTimestamp() - start;
            long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
            gc += GcTally.Now() - gcBefore;
            lastBatchMs = ticks * 1000.0 / Stopwatch.Frequency;
            times.Add(ticks * (1e9 / Stopwatch.Frequency) / opsPerBatch);
            allocations.Add((double)allocated / opsPerBatch);
        }
        return new Measurement(Median(times), Median(allocations), times.Count, opsPerBatch, gc);
    }

    /// <summary>
    /// Runs <paramref name="op"/> until its code is final and returns the time of one op in milliseconds. A fixed
    /// warmup is not enough for a sub-microsecond op: the tiered JIT waits until no new method was compiled for
    /// 100 ms, then counts calls, then compiles the hot methods on a background thread (slowly on a loaded machine), so
    /// the first batches ran unoptimized code and the median with them. The warmup lasts at least a fifth of the budget
    /// and until no method was compiled for <see cref="JitQuiet"/> (at most <see cref="MaxWarmup"/>); the estimate
    /// comes from that quiet stretch only.
    /// </summary>
    public double WarmUp(Action op)
    {
        double minimumMs = Budget.TotalMilliseconds / 5;
        var clock = Stopwatch.StartNew();
        long compiled = JitInfo.GetCompiledMethodCount();
        TimeSpan quietSince = TimeSpan.Zero;
        int ops = 0, quietOps = 0;
        while (true)
        {
            op();
            ops++;
            quietOps++;
            TimeSpan elapsed = clock.Elapsed;
            long compiledNow = JitInfo.GetCompiledMethodCount();
            if (compiledNow != compiled)
            {
                compiled = compiledNow;
                quietSince = elapsed;
                quietOps = 0;
            }
            if (elapsed >= MaxWarmup || (elapsed.TotalMilliseconds >= minimumMs && quietOps > 0 && elapsed - quietSince >= JitQuiet))
            {
                return quietOps > 0 ? (elapsed - quietSince).TotalMilliseconds / quietOps : elapsed.TotalMilliseconds / ops;
            }
        }
    }

    /// <summary>Collects garbage left by the previous measurement so it is not charged to this one.</summary>
    public static void Settle()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
    }

    /// <summary>Rounds per table: every op is timed once per round, and the median round counts.</summary>
    public const int Rounds = 5;

    /// <summary>
    /// Times warmed-up ops in <see cref="Rounds"/> interleaved rounds (each round times every op once with a fifth of the
    /// budget), so a stretch of load from other processes falls on all of them alike; returns one figure per op.
    /// </summary>
    public IReadOnlyList<Measurement> MeasureInRounds(IReadOnlyList<WarmOp> ops)
    {
        TimeSpan roundBudget = Budget / Rounds;
        List<Measurement>[] rounds = [.. ops.Select(_ => new List<Measurement>())];
        for (int round = 0; round < Rounds; round++)
        {
            for (int i = 0; i < ops.Count; i++)
            {
                rounds[i].Add(Measure(ops[i].Op, ops[i].LargeObjectPerOp, ops[i].EstimateMs, roundBudget, minBatches: 1));
            }
        }
        return [.. rounds.Select(Combine)];
    }

    /// <summary>
    /// One figure from the rounds of one direction: the median of the rounds' times and allocations, all batches and
    /// all collector work counted.
    /// </summary>
    private static Measurement Combine(IReadOnlyList<Measurement> rounds)
    {
        GcTally gc = default;
        foreach (Measurement round in rounds)
        {
            gc += round.Gc;
        }
        return new Measurement(Median([.. rounds.Select(r => r.NanosecondsPerOp)]), Median([.. rounds.Select(r => r.AllocatedBytesPerOp)]),
            rounds.Sum(r => r.Batches), rounds[0].OpsPerBatch, gc);
    }

    private static double Median(List<double> values)
    {
        values.Sort();
        int mid = values.Count / 2;
        return values.Count % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
    }
}

/// <summary>An op already warmed up (<see cref="Measurer.WarmUp"/>), ready for <see cref="Measurer.MeasureInRounds"/>.</summary>
/// <param name="Op">One call = one op.</param>
/// <param name="EstimateMs">The time of one op, from its warmup.</param>
/// <param name="LargeObjectPerOp">See <see cref="Measurer.Measure"/>.</param>
public readonly record struct WarmOp(Action Op, double EstimateMs, bool LargeObjectPerOp = false);
