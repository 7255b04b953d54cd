using System.Buffers;
using Microsoft.Extensions.Caching.Hybrid;

namespace NFX.Slim.Caching;

/// <summary>
/// A HybridCache serializer that stores <typeparamref name="T"/> (any type, no attributes) as a Slim cache value:
/// the layout-checked header of <see cref="SlimCacheCodec"/> and a Slim message.
/// </summary>
/// <remarks>
/// HybridCache's serializer contract has no way to answer "miss": an invalid value (stale layout, corrupt,
/// truncated, a type outside the policy) is logged as a warning and surfaces as <see cref="SlimCacheValueException"/>,
/// which HybridCache logs and passes to the caller. <see cref="SlimHybridCacheExtensions.GetOrCreateSlimAsync{T}"/>
/// turns it into a miss: it removes the entry and runs the factory.
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
    /// <exception cref="SlimCacheValueException">The bytes are not a valid value of <typeparamref name="T"/> (logged as a warning first).</exception>
    public T Deserialize(ReadOnlySequence<byte> source)
    {
        try
        {
            return _codec.Deserialize<T>(source);
        }
        catch (SlimCacheValueException e)
        {
            _codec.LogInvalid(e, key: null);
            throw;
        }
    }

    /// <inheritdoc/>
    public void Serialize(T value, IBufferWriter<byte> target) => _codec.Serialize(value, target);
}
