using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>One Perzon (<c>perzon</c>).</summary>
public class PerzonBenchmarks : SerializationBenchmarks
{
    /// <inheritdoc/>
    public override Workload CreateWorkload() => new NFX.Perf.Workloads.Perzons.PerzonWorkload();
}
