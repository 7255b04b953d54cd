using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>Workload 1: one Perzon.</summary>
public class PerzonBenchmarks : SerializationBenchmarks
{
    /// <inheritdoc/>
    public override Workload CreateWorkload() => new NFX.Perf.Workloads.Perzons.PerzonWorkload();
}
