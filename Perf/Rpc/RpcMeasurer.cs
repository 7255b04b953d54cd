using System.Diagnostics;
using NFX.Perf.Quick;

namespace NFX.Perf.Rpc;

/// <summary>
/// Runs one cell: checks the call, warms up with the same callers, then times a stretch of calls (count sized from
/// the warm-up rate to fill the budget), with latency per call and allocated bytes on both sides.
/// </summary>
public sealed class RpcMeasurer(RpcQuickOptions options, Func<long>? serverAllocatedBytes)
{
    // At most this many calls per timed stretch (the latency array is preallocated).
    private const int MaxCalls = 4_000_000;

    // At least this many slots in the latency array.
    private const int MinCalls = 200_000;

    /// <summary>Measures <paramref name="contender"/> on <paramref name="workload"/> with <paramref name="callers"/> concurrent callers.</summary>
    public async Task<RpcCell> MeasureAsync(RpcContender contender, RpcWorkload workload, int callers)
    {
        RpcCaller caller = contender.Caller(workload);
        if (await caller.VerifyAsync() is string wrong)
        {
            return RpcCell.NotRun(contender.Name, workload, callers, CellStatus.Failed, wrong);
        }

        var warmup = new RpcRun(int.MaxValue, options.Warmup, recordLatencies: false);
        long warmStart = Stopwatch.GetTimestamp();
        await RunAsync(caller, warmup, callers);
        double warmSeconds = Stopwatch.GetElapsedTime(warmStart).TotalSeconds;
        if (warmup.Failures > 0)
        {
            return Failed(contender, workload, callers, warmup);
        }
        double rate = warmup.Completed / Math.Max(warmSeconds, 1e-3);

        bool fixedCount = workload == RpcWorkload.DbWork && options.DbWorkCalls is not null;
        // Timed by the budget (the deadline); the count only sizes the latency array, with room for a warm-up that
        // underestimated the rate.
        int target = fixedCount
            ? options.DbWorkCalls!.Value
            : (int)Math.Clamp(rate * options.Budget.TotalSeconds * 4, MinCalls, MaxCalls);
        TimeSpan limit = fixedCount ? TimeSpan.FromMinutes(10) : options.Budget;
        var run = new RpcRun(target, limit, recordLatencies: true);

        Measurer.Settle();
        long serverBefore = serverAllocatedBytes?.Invoke() ?? 0;
        long clientBefore = GC.GetTotalAllocatedBytes(precise: true);
        long start = Stopwatch.GetTimestamp();
        await RunAsync(caller, run, callers);
        double seconds = Stopwatch.GetElapsedTime(start).TotalSeconds;
        long clientAllocated = GC.GetTotalAllocatedBytes(precise: true) - clientBefore;
        long? serverAllocated = serverAllocatedBytes is null ? null : serverAllocatedBytes() - serverBefore;
        if (run.Failures > 0)
        {
            return Failed(contender, workload, callers, run);
        }
        (double p50, double p99) = run.Percentiles();
        int calls = run.Completed;
        return new RpcCell(contender.Name, workload, callers, CellStatus.Measured, null, calls, seconds, p50, p99,
            (double)clientAllocated / calls, serverAllocated is long s ? (double)s / calls : null);
    }

    /// <summary>
    /// Untimed calls of every workload for <paramref name="each"/>, so the cells do not pay for JIT and tiered
    /// compilation on either side (a fresh process needs seconds of calls to reach steady state).
    /// </summary>
    public static async Task WarmAsync(RpcContender contender, int callers, TimeSpan each)
    {
        foreach (RpcWorkload workload in Enum.GetValues<RpcWorkload>())
        {
            RpcCaller caller = contender.Caller(workload);
            if (await caller.VerifyAsync() is null)
            {
                await RunAsync(caller, new RpcRun(int.MaxValue, each, recordLatencies: false), callers);
                await RunAsync(caller, new RpcRun(int.MaxValue, each / 4, recordLatencies: false), 1);
            }
        }
    }

    private static Task RunAsync(RpcCaller caller, RpcRun run, int callers) =>
        Task.WhenAll(Enumerable.Range(0, callers).Select(_ => Task.Run(() => caller.RunAsync(run))));

    private static RpcCell Failed(RpcContender contender, RpcWorkload workload, int callers, RpcRun run) =>
        RpcCell.NotRun(contender.Name, workload, callers, CellStatus.Failed,
            $"{run.Failures} calls failed; first: {run.FirstError?.GetType().Name}: {run.FirstError?.Message}");
}
