using System.Buffers;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;

namespace NFX.Tests.Caching.Support;

/// <summary>
/// A minimal HybridCache for the tests (the real one's package is not on the package source): distributed cache
/// only, serializers from the registered <see cref="IHybridCacheSerializerFactory"/>, exactly as the real one finds
/// them. No local cache, no stampede protection, no tags.
/// </summary>
public sealed class L2OnlyHybridCache(IDistributedCache l2, IEnumerable<IHybridCacheSerializerFactory> factories) : HybridCache
{
    private readonly IHybridCacheSerializerFactory[] _factories = [.. factories];

    public int FactoryCalls { get; private set; }

    public override async ValueTask<T> GetOrCreateAsync<TState, T>(string key, TState state, Func<TState, CancellationToken, ValueTask<T>> factory,
        HybridCacheEntryOptions? options = null, IEnumerable<string>? tags = null, CancellationToken cancellationToken = default)
    {
        byte[]? stored = await l2.GetAsync(key, cancellationToken);
        if (stored is not null)
        {
            return Serializer<T>().Deserialize(new ReadOnlySequence<byte>(stored));
        }
        FactoryCalls++;
        T value = await factory(state, cancellationToken);
        await SetAsync(key, value, options, tags, cancellationToken);
        return value;
    }

    public override async ValueTask SetAsync<T>(string key, T value, HybridCacheEntryOptions? options = null, IEnumerable<string>? tags = null,
        CancellationToken cancellationToken = default)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Serializer<T>().Serialize(value, buffer);
        await l2.SetAsync(key, buffer.WrittenSpan.ToArray(),
            new DistributedCacheEntryOptions { AbsoluteExpirationRelativeToNow = options?.Expiration ?? TimeSpan.FromMinutes(5) }, cancellationToken);
    }

    public override async ValueTask RemoveAsync(string key, CancellationToken cancellationToken = default) =>
        await l2.RemoveAsync(key, cancellationToken);

    public override ValueTask RemoveByTagAsync(string tag, CancellationToken cancellationToken = default) =>
        throw new NotSupportedException("Tags are not part of this test double.");

    private IHybridCacheSerializer<T> Serializer<T>()
    {
        // Like HybridCache: the most recently added factory that accepts the type wins.
        for (int i = _factories.Length - 1; i >= 0; i--)
        {
            if (_factories[i].TryCreateSerializer(out IHybridCacheSerializer<T>? serializer))
            {
                return serializer;
            }
        }
        throw new InvalidOperationException($"No serializer for {typeof(T)}.");
    }
}
