using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>Workload 1: the ancestor's loop of 500,000 Perzons.</summary>
public class PerzonLoopBenchmarks : SerializationBenchmarks
{
    /// <inheritdoc/>
    public override Workload CreateWorkload() => new NFX.Perf.Workloads.Perzons.PerzonLoopWorkload(WorkloadCatalog.FullPerzonLoop);
}
