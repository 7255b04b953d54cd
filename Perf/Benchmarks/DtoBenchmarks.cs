using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>Workload 3: the API DTO tree.</summary>
public class DtoBenchmarks : SerializationBenchmarks
{
    /// <inheritdoc/>
    public override Workload CreateWorkload() => new NFX.Perf.Workloads.Dto.DtoWorkload();
}
