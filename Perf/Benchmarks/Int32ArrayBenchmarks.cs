using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>int[1M] (memcpy baseline included).</summary>
public class Int32ArrayBenchmarks : SerializationBenchmarks
{
    /// <inheritdoc/>
    public override Workload CreateWorkload() => NFX.Perf.Workloads.Arrays.PrimitiveArrayWorkload.Int32();
}
