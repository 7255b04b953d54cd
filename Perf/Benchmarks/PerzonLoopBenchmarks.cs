using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>The ancestor's loop of 500,000 Perzons (<c>perzon-loop</c>).</summary>
public class PerzonLoopBenchmarks : SerializationBenchmarks
{
    /// <inheritdoc/>
    public override Workload CreateWorkload() => new NFX.Perf.Workloads.Perzons.PerzonLoopWorkload(WorkloadCatalog.FullPerzonLoop);
}
