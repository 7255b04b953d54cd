using NFX.Perf.Workloads;
using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Perf.Cache;

/// <summary>The cached values: the harness's DTO and Perzon workloads (same generators, same seed).</summary>
public static class CacheValues
{
    /// <summary>How many records <see cref="Perzons"/> holds.</summary>
    public const int ManyPerzons = 1000;

    /// <summary>Key of <see cref="Dto"/>.</summary>
    public const string DtoKey = "dto";

    /// <summary>Key of <see cref="Perzon"/>.</summary>
    public const string PerzonKey = "perzon";

    /// <summary>Key of <see cref="Perzons"/>.</summary>
    public const string PerzonsKey = "perzon x1000";

    /// <summary>Every value's key, in table order.</summary>
    public static readonly string[] Keys = [DtoKey, PerzonKey, PerzonsKey];

    /// <summary>A table title per key.</summary>
    public static string Title(string key) => key switch
    {
        DtoKey => $"DTO: a question with {DtoWorkload.Answers} answers and their comments",
        PerzonKey => "Perzon: one record with its parent",
        _ => $"{ManyPerzons:N0} Perzons in an array (every third with a parent)",
    };

    /// <summary>The DTO workload's question tree.</summary>
    public static Question Dto() => QuestionGenerator.Create(new Random(Workload.DefaultSeed), DtoWorkload.Answers);

    /// <summary>The Perzon workload's record (with a parent).</summary>
    public static Perzon Perzon() => PerzonGenerator.Create(new Random(Workload.DefaultSeed));

    /// <summary>A larger value: <see cref="ManyPerzons"/> records, every third with a parent.</summary>
    public static Perzon[] Perzons() => PerzonGenerator.CreateMany(new Random(Workload.DefaultSeed), ManyPerzons);
}
