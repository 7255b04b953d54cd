namespace NFX.Perf.Quick;

/// <summary>Everything one quick run measured.</summary>
public sealed record QuickRun(
    QuickOptions Options,
    MachineInfo Machine,
    string Command,
    TimeSpan Elapsed,
    IReadOnlyList<WorkloadResult> Workloads,
    IReadOnlyList<WorkloadResult> Clones)
{
    /// <summary>1-minute load average at the start and at the end of the run (Linux), when known.</summary>
    public (double? Start, double? End) Load { get; init; }

    /// <summary>The sizes of one sparsely filled Perzon, when the Perzon loop ran (they explain its size targets).</summary>
    public SparsePerzonSizes? SparsePerzon { get; init; }

    /// <summary>The table of <paramref name="key"/>, or null when it was not run.</summary>
    public WorkloadResult? Workload(string key) => Workloads.FirstOrDefault(w => w.Key == key);

    /// <summary>The clone table of <paramref name="key"/>, or null when it was not run.</summary>
    public WorkloadResult? CloneTable(string key) => Clones.FirstOrDefault(w => w.Key == "clone-" + key);
}
