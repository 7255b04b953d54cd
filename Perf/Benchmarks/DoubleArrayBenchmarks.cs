using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>double[1M] (memcpy baseline included).</summary>
public class DoubleArrayBenchmarks : SerializationBenchmarks
{
    /// <inheritdoc/>
    public override Workload CreateWorkload() => NFX.Perf.Workloads.Arrays.PrimitiveArrayWorkload.Double();
}
