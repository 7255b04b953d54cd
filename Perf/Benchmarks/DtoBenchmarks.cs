using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>The API DTO tree (<c>dto</c>).</summary>
public class DtoBenchmarks : SerializationBenchmarks
{
    /// <inheritdoc/>
    public override Workload CreateWorkload() => new NFX.Perf.Workloads.Dto.DtoWorkload();
}
