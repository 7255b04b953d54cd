using BenchmarkDotNet.Attributes;

namespace NFX.Perf.Cache;

/// <summary>
/// The serializer-only half of the cache comparison under BenchmarkDotNet: each HybridCache serializer
/// (<see cref="CacheContender.Names"/>) on the DTO, one Perzon and 1,000 Perzons. Run:
/// <c>dotnet run -c Release --project Perf -- --filter '*CacheSerializerBenchmarks*'</c>. The end-to-end half (real
/// HybridCache over a real Redis) is in quick mode: <c>quick --filter cache</c>.
/// </summary>
[MemoryDiagnoser]
public class CacheSerializerBenchmarks
{
    private CacheContender _contender = null!;

    /// <summary>The cached value.</summary>
    [Params(CacheValues.DtoKey, CacheValues.PerzonKey, CacheValues.PerzonsKey)]
    public string Workload { get; set; } = CacheValues.DtoKey;

    /// <summary>The serializer.</summary>
    [Params("Slim", "System.Text.Json", "MessagePack (contract)", "MessagePack Typeless", "MemoryPack")]
    public string Serializer { get; set; } = "Slim";

    /// <summary>Builds the value and its stored bytes.</summary>
    [GlobalSetup]
    public void Setup() => _contender = CacheContender.For(Workload).Single(c => c.Name == Serializer);

    /// <summary>Writes the value into a reused buffer.</summary>
    [Benchmark]
    public void Serialize() => _contender.Serialize();

    /// <summary>Reads the stored bytes back.</summary>
    [Benchmark]
    public void Deserialize() => _contender.Deserialize();
}
