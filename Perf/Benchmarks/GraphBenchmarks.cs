using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>The complex cross-referenced graph (<c>graph</c>).</summary>
public class GraphBenchmarks : SerializationBenchmarks
{
    /// <inheritdoc/>
    public override Workload CreateWorkload() => new NFX.Perf.Workloads.Graph.GraphWorkload();
}
