using System.Diagnostics;
using NFX.Perf.Quick;

namespace NFX.Perf.Rpc;

/// <summary>
/// Measures cells: checks the call, warms up with the same callers, then times stretches of calls with latency per
/// call and allocated bytes on both sides. The contenders of one workload and caller count are measured in
/// interleaved rounds, so a burst of load from elsewhere on the machine hits them alike.
/// </summary>
public sealed class RpcMeasurer(RpcQuickOptions options, Func<long>? serverAllocatedBytes)
{
    // At most this many calls per timed stretch (the latency array is preallocated).
    private const int MaxCalls = 4_000_000;

    // At least this many slots in the latency array.
    private const int MinCalls = 200_000;

    /// <summary>Rounds of the interleaved one-at-a-time measurement.</summary>
    public const int Rounds = 3;

    /// <summary>Measures <paramref name="contender"/> on <paramref name="workload"/> with <paramref name="callers"/> concurrent callers.</summary>
    public async Task<RpcCell> MeasureAsync(RpcContender contender, RpcWorkload workload, int callers)
    {
        RpcCaller caller = contender.Caller(workload);
        (RpcSample? sample, string? failure) = await SampleAsync(caller, callers, options.Budget, options.Warmup, FixedCalls(workload));
        return sample is null
            ? RpcCell.NotRun(contender.Name, workload, callers, CellStatus.Failed, failure!)
            : Cell(contender, workload, callers, [sample]);
    }

    /// <summary>
    /// The cells of several contenders with <paramref name="callers"/> callers: <see cref="Rounds"/> rounds, each giving
    /// every contender a third of the budget in turn, so load from elsewhere on the machine hits them alike; a cell's
    /// numbers are over all its calls.
    /// </summary>
    public async Task<RpcCell[]> MeasureInterleavedAsync(IReadOnlyList<RpcContender> contenders, RpcWorkload workload, int callers)
    {
        var samples = contenders.Select(_ => new List<RpcSample>()).ToArray();
        var failures = new string?[contenders.Count];
        RpcCaller[] calls = contenders.Select(c => c.Caller(workload)).ToArray();
        for (int round = 0; round < Rounds; round++)
        {
            for (int i = 0; i < contenders.Count; i++)
            {
                if (failures[i] is not null)
                {
                    continue;
                }
                TimeSpan warmup = round == 0 ? options.Warmup : options.Warmup / 4;
                // A fixed W3 count (--rpc-w3-calls) is split over the rounds.
                int? fixedCalls = FixedCalls(workload) is int total ? total / Rounds + (round == Rounds - 1 ? total % Rounds : 0) : null;
                (RpcSample? sample, string? failure) = await SampleAsync(calls[i], callers, options.Budget / Rounds, warmup, fixedCalls);
                if (sample is null)
                {
                    failures[i] = failure;
                }
                else
                {
                    samples[i].Add(sample);
                }
            }
        }
        return contenders.Select((c, i) => failures[i] is string failure
            ? RpcCell.NotRun(c.Name, workload, callers, CellStatus.Failed, failure)
            : Cell(c, workload, callers, samples[i])).ToArray();
    }

    /// <summary>
    /// Untimed calls of every workload for <paramref name="each"/>, so the cells do not pay for JIT and tiered
    /// compilation on either side (a fresh process needs seconds of calls to reach steady state).
    /// </summary>
    public static async Task WarmAsync(RpcContender contender, int callers, TimeSpan each)
    {
        foreach (RpcWorkload workload in RpcWorkloads.Small)
        {
            RpcCaller caller = contender.Caller(workload);
            if (await caller.VerifyAsync() is null)
            {
                await RunAsync(caller, new RpcRun(int.MaxValue, each, recordLatencies: false), callers);
                await RunAsync(caller, new RpcRun(int.MaxValue, each / 4, recordLatencies: false), 1);
            }
        }
    }

    private int? FixedCalls(RpcWorkload workload) => workload == RpcWorkload.DbWork ? options.DbWorkCalls : null;

    private async Task<(RpcSample? Sample, string? Failure)> SampleAsync(RpcCaller caller, int callers, TimeSpan budget, TimeSpan warmupTime,
        int? fixedCalls)
    {
        if (await caller.VerifyAsync() is string wrong)
        {
            return (null, wrong);
        }
        var warmup = new RpcRun(int.MaxValue, warmupTime, recordLatencies: false);
        long warmStart = Stopwatch.GetTimestamp();
        await RunAsync(caller, warmup, callers);
        double warmSeconds = Stopwatch.GetElapsedTime(warmStart).TotalSeconds;
        if (warmup.Failures > 0)
        {
            return (null, Describe(warmup));
        }
        double rate = warmup.Completed / Math.Max(warmSeconds, 1e-3);

        // Timed by the budget (the deadline); the count only sizes the latency array, with room for a warm-up that
        // underestimated the rate. A fixed count runs exactly that many calls.
        int target = fixedCalls ?? (int)Math.Clamp(rate * budget.TotalSeconds * 4, MinCalls, MaxCalls);
        TimeSpan limit = fixedCalls is null ? budget : TimeSpan.FromMinutes(10);
        var run = new RpcRun(target, limit, recordLatencies: true, minCalls: fixedCalls is null ? options.MinCallsPerRound : 0);

        Measurer.Settle();
        long serverBefore = serverAllocatedBytes?.Invoke() ?? 0;
        long clientBefore = GC.GetTotalAllocatedBytes(precise: true);
        long start = Stopwatch.GetTimestamp();
        await RunAsync(caller, run, callers);
        double seconds = Stopwatch.GetElapsedTime(start).TotalSeconds;
        long clientAllocated = GC.GetTotalAllocatedBytes(precise: true) - clientBefore;
        long? serverAllocated = serverAllocatedBytes is null ? null : serverAllocatedBytes() - serverBefore;
        return run.Failures > 0
            ? (null, Describe(run))
            : (new RpcSample(run.Completed, seconds, run.Latencies(), clientAllocated, serverAllocated), null);
    }

    private static RpcCell Cell(RpcContender contender, RpcWorkload workload, int callers, IReadOnlyList<RpcSample> samples)
    {
        int calls = samples.Sum(s => s.Calls);
        long[] latencies = samples.SelectMany(s => s.Latencies).ToArray();
        (double p50, double p99) = RpcRun.Percentiles(latencies);
        double? server = samples.All(s => s.ServerBytes is not null) ? (double)samples.Sum(s => s.ServerBytes!.Value) / calls : null;
        return new RpcCell(contender.Name, workload, callers, CellStatus.Measured, null, calls, samples.Sum(s => s.Seconds), p50, p99,
            (double)samples.Sum(s => s.ClientBytes) / calls, server);
    }

    private static Task RunAsync(RpcCaller caller, RpcRun run, int callers) =>
        Task.WhenAll(Enumerable.Range(0, callers).Select(_ => Task.Run(() => caller.RunAsync(run))));

    private static string Describe(RpcRun run) =>
        $"{run.Failures} calls failed; first: {run.FirstError?.GetType().Name}: {run.FirstError?.Message}";
}
