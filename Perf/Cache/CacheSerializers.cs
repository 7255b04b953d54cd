using System.Buffers;
using System.Text.Json;
using MemoryPack;
using MessagePack;
using MessagePack.Resolvers;
using Microsoft.Extensions.Caching.Hybrid;

namespace NFX.Perf.Cache;

/// <summary>A System.Text.Json HybridCache serializer written the way HybridCache's default one works (UTF-8 writer over the buffer).</summary>
public sealed class JsonCacheSerializer<T>(JsonSerializerOptions options) : IHybridCacheSerializer<T>
{
    /// <summary>System.Text.Json with fields included (HybridCache's default options ignore public fields and would store <c>{}</c>).</summary>
    public static readonly JsonSerializerOptions FieldOptions = new() { IncludeFields = true };

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

/// <summary>MessagePack-CSharp with its contract (attributed, integer-keyed) types: its fastest and most compact mode.</summary>
public sealed class MessagePackCacheSerializer<T> : IHybridCacheSerializer<T>
{
    private static readonly MessagePackSerializerOptions s_options = MessagePackSerializerOptions.Standard;

    /// <inheritdoc/>
    public T Deserialize(ReadOnlySequence<byte> source) => MessagePackSerializer.Deserialize<T>(source, s_options);

    /// <inheritdoc/>
    public void Serialize(T value, IBufferWriter<byte> target) => MessagePackSerializer.Serialize(target, value, s_options);
}

/// <summary>
/// MessagePack-CSharp's Typeless mode: no attributes, the runtime type's name written with each object (its only
/// attribute-free polymorphic mode), over the original workload types.
/// </summary>
public sealed class TypelessCacheSerializer<T> : IHybridCacheSerializer<T>
{
    private static readonly MessagePackSerializerOptions s_options = TypelessContractlessStandardResolver.Options;

    /// <inheritdoc/>
    public T Deserialize(ReadOnlySequence<byte> source) => (T)MessagePackSerializer.Typeless.Deserialize(source, s_options)!;

    /// <inheritdoc/>
    public void Serialize(T value, IBufferWriter<byte> target) => MessagePackSerializer.Typeless.Serialize(target, value, s_options);
}

/// <summary>MemoryPack with its source-generated (attributed, partial) types.</summary>
public sealed class MemoryPackCacheSerializer<T> : IHybridCacheSerializer<T>
{
    /// <inheritdoc/>
    public T Deserialize(ReadOnlySequence<byte> source) => MemoryPackSerializer.Deserialize<T>(source)!;

    /// <inheritdoc/>
    public void Serialize(T value, IBufferWriter<byte> target) => MemoryPackSerializer.Serialize(target, value);
}
