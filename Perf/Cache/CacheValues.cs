using NFX.Perf.Workloads;
using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Perf.Cache;

/// <summary>The cached values: the harness's DTO and Perzon workloads (same generators, same seed).</summary>
public static class CacheValues
{
    /// <summary>How many records <see cref="Perzons"/> holds.</summary>
    public const int ManyPerzons = 1000;

    /// <summary>The DTO workload's question tree.</summary>
    public static Question Dto() => QuestionGenerator.Create(new Random(Workload.DefaultSeed), DtoWorkload.Answers);

    /// <summary>The Perzon workload's record (with a parent).</summary>
    public static Perzon Perzon() => PerzonGenerator.Create(new Random(Workload.DefaultSeed));

    /// <summary>A larger value: <see cref="ManyPerzons"/> records, every third with a parent.</summary>
    public static Perzon[] Perzons() => PerzonGenerator.CreateMany(new Random(Workload.DefaultSeed), ManyPerzons);
}
