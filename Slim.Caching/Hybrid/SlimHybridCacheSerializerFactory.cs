using System.Diagnostics.CodeAnalysis;
using Microsoft.Extensions.Caching.Hybrid;

namespace NFX.Slim.Caching;

/// <summary>
/// Makes HybridCache store every type with Slim. Register it with
/// <c>services.AddHybridCache().AddSlimSerializer()</c> (<see cref="SlimHybridCacheBuilderExtensions"/>).
/// </summary>
public sealed class SlimHybridCacheSerializerFactory : IHybridCacheSerializerFactory
{
    /// <summary>Creates a factory over <see cref="SlimCacheCodec.Default"/> (default options, no logging).</summary>
    public SlimHybridCacheSerializerFactory() : this(SlimCacheCodec.Default) { }

    /// <summary>Creates a factory over <paramref name="codec"/> (dependency injection passes the registered codec).</summary>
    public SlimHybridCacheSerializerFactory(SlimCacheCodec codec)
    {
        ArgumentNullException.ThrowIfNull(codec);
        Codec = codec;
    }

    /// <summary>The codec the serializers use.</summary>
    public SlimCacheCodec Codec { get; }

    /// <summary>Creates a Slim serializer for <typeparamref name="T"/>: every type is supported.</summary>
    public bool TryCreateSerializer<T>([NotNullWhen(true)] out IHybridCacheSerializer<T>? serializer)
    {
        serializer = new SlimHybridCacheSerializer<T>(Codec);
        return true;
    }
}
