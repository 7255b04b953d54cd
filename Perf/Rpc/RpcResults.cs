using NFX.Perf.Quick;

namespace NFX.Perf.Rpc;

/// <summary>Everything one RPC run measured, with where and how.</summary>
/// <param name="Options">The settings.</param>
/// <param name="Machine">Where it ran.</param>
/// <param name="SeparateProcesses">True when the servers ran in a child process.</param>
/// <param name="Command">How to run it again.</param>
/// <param name="Elapsed">Wall time of the RPC part.</param>
/// <param name="Load">1-minute load average at start and end (Linux).</param>
/// <param name="Contenders">The contenders, in table order.</param>
/// <param name="Cells">Every cell, by workload, contender, callers.</param>
public sealed record RpcResults(RpcQuickOptions Options, MachineInfo Machine, bool SeparateProcesses, string Command, TimeSpan Elapsed,
    (double? Start, double? End) Load, IReadOnlyList<RpcContender> Contenders, IReadOnlyList<RpcCell> Cells)
{
    /// <summary>The cell of one contender, workload and caller count, or null.</summary>
    public RpcCell? Cell(string contender, RpcWorkload workload, int callers) =>
        Cells.FirstOrDefault(c => c.Contender == contender && c.Workload == workload && c.Callers == callers);

    /// <summary>Its calls per second when measured, else null.</summary>
    public double? Rate(string contender, RpcWorkload workload, int callers) =>
        Cell(contender, workload, callers) is { Status: CellStatus.Measured } c ? c.CallsPerSecond : null;
}
