using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>byte[16 MiB] (memcpy baseline included).</summary>
public class ByteArrayBenchmarks : SerializationBenchmarks
{
    /// <inheritdoc/>
    public override Workload CreateWorkload() => NFX.Perf.Workloads.Arrays.PrimitiveArrayWorkload.Bytes();
}
