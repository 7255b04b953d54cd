using System.Buffers;
using BenchmarkDotNet.Attributes;
using Microsoft.Extensions.Caching.Hybrid;

namespace NFX.Perf.Cache;

/// <summary>
/// Slim vs System.Text.Json as the HybridCache serializer, on the DTO, one Perzon and 1,000 Perzons
/// (MessagePack and MemoryPack are not on the package source). Run:
/// <c>dotnet run -c Release --project Perf -- --filter '*CacheSerializerBenchmarks*'</c>.
/// </summary>
[MemoryDiagnoser]
public class CacheSerializerBenchmarks
{
    private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);
    private Func<IBufferWriter<byte>, int>? _serialize;
    private Func<ReadOnlySequence<byte>, object?>? _deserialize;
    private ReadOnlySequence<byte> _stored;

    /// <summary>The cached value.</summary>
    [Params("dto", "perzon", "perzon x1000")]
    public string Workload { get; set; } = "dto";

    /// <summary>The serializer.</summary>
    [Params("Slim", "System.Text.Json")]
    public string Serializer { get; set; } = "Slim";

    /// <summary>Builds the value and its stored bytes.</summary>
    [GlobalSetup]
    public void Setup()
    {
        switch (Workload)
        {
            case "dto":
                Bind(CacheValues.Dto());
                break;
            case "perzon":
                Bind(CacheValues.Perzon());
                break;
            default:
                Bind(CacheValues.Perzons());
                break;
        }
        _buffer.ResetWrittenCount();
        _serialize!(_buffer);
        _stored = new ReadOnlySequence<byte>(_buffer.WrittenSpan.ToArray());
    }

    /// <summary>Writes the value into a reused buffer.</summary>
    [Benchmark]
    public int Serialize()
    {
        _buffer.ResetWrittenCount();
        return _serialize!(_buffer);
    }

    /// <summary>Reads the stored bytes back.</summary>
    [Benchmark]
    public object? Deserialize() => _deserialize!(_stored);

    private void Bind<T>(T value)
    {
        IHybridCacheSerializer<T> serializer = CacheSerializers.Create<T>(Serializer)!;
        _serialize = buffer =>
        {
            serializer.Serialize(value, buffer);
            return 0;
        };
        _deserialize = bytes => serializer.Deserialize(bytes);
    }
}
