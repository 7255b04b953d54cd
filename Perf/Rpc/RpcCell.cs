using NFX.Perf.Quick;

namespace NFX.Perf.Rpc;

/// <summary>One contender x workload x caller count of the RPC benchmark.</summary>
/// <param name="Contender">Row label.</param>
/// <param name="Workload">W1, W2 or W3.</param>
/// <param name="Callers">Concurrent callers (each awaits its call before the next): 1 = one at a time.</param>
/// <param name="Status">Measured, n/a, or failed.</param>
/// <param name="Reason">Why it is n/a or failed.</param>
/// <param name="Calls">Calls timed.</param>
/// <param name="Seconds">Wall time of the timed calls.</param>
/// <param name="P50Micros">Median latency of a call, µs.</param>
/// <param name="P99Micros">99th percentile latency, µs.</param>
/// <param name="ClientAllocPerCall">Bytes allocated per call in the client process (both ends when in-process).</param>
/// <param name="ServerAllocPerCall">Bytes allocated per call in the server process; null when the server ran in-process.</param>
public sealed record RpcCell(string Contender, RpcWorkload Workload, int Callers, CellStatus Status, string? Reason,
    int Calls, double Seconds, double P50Micros, double P99Micros, double ClientAllocPerCall, double? ServerAllocPerCall)
{
    /// <summary>Throughput.</summary>
    public double CallsPerSecond => Seconds > 0 ? Calls / Seconds : 0;

    /// <summary>A cell that did not run.</summary>
    public static RpcCell NotRun(string contender, RpcWorkload workload, int callers, CellStatus status, string reason) =>
        new(contender, workload, callers, status, reason, 0, 0, double.NaN, double.NaN, double.NaN, null);
}
