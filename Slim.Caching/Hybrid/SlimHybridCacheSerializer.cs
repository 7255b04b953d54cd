using System.Buffers;
using Microsoft.Extensions.Caching.Hybrid;

namespace NFX.Slim.Caching;

/// <summary>
/// A HybridCache serializer that stores <typeparamref name="T"/> (any type, no attributes) as a Slim cache value:
/// the checked header of <see cref="SlimCacheCodec"/> and a Slim message.
/// </summary>
/// <remarks>
/// HybridCache's serializer contract has no way to answer "miss", and HybridCache 10.11 passes a serializer's
/// exception to the caller of <c>GetOrCreateAsync</c> (after logging its own error) and keeps the bytes in its local
/// cache. So an invalid value (stale layout, corrupt, truncated, a type outside the policy) surfaces here as
/// <see cref="SlimCacheValueException"/>, and <see cref="SlimHybridCacheExtensions.GetOrCreateSlimAsync{T}(HybridCache, string, Func{CancellationToken, ValueTask{T}}, HybridCacheEntryOptions?, IEnumerable{string}?, CancellationToken)"/>
/// turns it into a miss: it logs one warning with the key, removes the entry from both levels and runs the factory.
/// This serializer logs nothing itself: it does not know the key.
/// </remarks>
/// <typeparam name="T">The cached type.</typeparam>
public sealed class SlimHybridCacheSerializer<T> : IHybridCacheSerializer<T>
{
    private readonly SlimCacheCodec _codec;

    /// <summary>Creates a serializer over <paramref name="codec"/>.</summary>
    public SlimHybridCacheSerializer(SlimCacheCodec codec)
    {
        ArgumentNullException.ThrowIfNull(codec);
        _codec = codec;
    }

    /// <inheritdoc/>
    /// <exception cref="SlimCacheValueException">The bytes are not a valid value of <typeparamref name="T"/>.</exception>
    public T Deserialize(ReadOnlySequence<byte> source) => _codec.Deserialize<T>(source);

    /// <inheritdoc/>
    /// <exception cref="SlimSerializationException">A type in the graph cannot be serialized.</exception>
    public void Serialize(T value, IBufferWriter<byte> target) => _codec.Serialize(value, target);
}
