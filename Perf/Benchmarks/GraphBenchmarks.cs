using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>Workload 2: the complex cross-referenced graph.</summary>
public class GraphBenchmarks : SerializationBenchmarks
{
    /// <inheritdoc/>
    public override Workload CreateWorkload() => new NFX.Perf.Workloads.Graph.GraphWorkload();
}
