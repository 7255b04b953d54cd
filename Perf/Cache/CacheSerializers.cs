using System.Buffers;
using System.Text.Json;
using Microsoft.Extensions.Caching.Hybrid;
using NFX.Slim.Caching;

namespace NFX.Perf.Cache;

/// <summary>The HybridCache serializers compared, by name; null means not available on this package source.</summary>
public static class CacheSerializers
{
    /// <summary>System.Text.Json with fields included (HybridCache's default serializer ignores public fields).</summary>
    public static readonly JsonSerializerOptions JsonOptions = new() { IncludeFields = true };

    /// <summary>The contenders in table order.</summary>
    public static readonly string[] Names = ["Slim", "System.Text.Json", "MessagePack", "MemoryPack"];

    /// <summary>Creates the named serializer for <typeparamref name="T"/>, or null when its package is not on the source.</summary>
    public static IHybridCacheSerializer<T>? Create<T>(string name) => name switch
    {
        "Slim" => new SlimHybridCacheSerializer<T>(new SlimCacheCodec()),
        "System.Text.Json" => new JsonCacheSerializer<T>(JsonOptions),
        _ => null, // MessagePack and MemoryPack: no version of either package restores from the package source.
    };
}

/// <summary>A System.Text.Json HybridCache serializer written the way HybridCache's default one works (UTF-8 writer over the buffer).</summary>
public sealed class JsonCacheSerializer<T>(JsonSerializerOptions options) : IHybridCacheSerializer<T>
{
    /// <inheritdoc/>
    public T Deserialize(ReadOnlySequence<byte> source)
    {
        var reader = new Utf8JsonReader(source);
        return JsonSerializer.Deserialize<T>(ref reader, options)!;
    }

    /// <inheritdoc/>
    public void Serialize(T value, IBufferWriter<byte> target)
    {
        using var writer = new Utf8JsonWriter(target);
        JsonSerializer.Serialize(writer, value, options);
    }
}
