using System.Buffers;
using Microsoft.Extensions.Caching.Distributed;

namespace NFX.Slim.Caching;

/// <summary>
/// Typed <see cref="IDistributedCache"/> calls that store values with <see cref="SlimCacheCodec"/>. Values are written
/// into pooled buffers; a cache that implements <see cref="IBufferDistributedCache"/> (like Microsoft's
/// <c>RedisCache</c>) also reads into pooled buffers, other caches hand over arrays.
/// An invalid stored value (stale layout, corrupt, truncated, type outside the policy) is a logged miss unless
/// <see cref="SlimCacheOptions.ThrowOnInvalidValue"/> is set. Errors of the cache itself propagate.
/// </summary>
/// <remarks>
/// The names end in <c>Slim</c> (<c>SetSlimAsync</c>, not <c>SetAsync</c>) so that, with <c>using NFX.Slim.Caching;</c>,
/// Microsoft's own <c>IDistributedCache.SetAsync(key, byte[])</c> and <c>GetAsync(key)</c> still resolve to
/// Microsoft's: a generic <c>SetAsync&lt;T&gt;</c> beside them made <c>SetAsync(key, bytes)</c> ambiguous (CS0121).
/// </remarks>
public static class SlimDistributedCacheExtensions
{
    /// <summary>Reads <paramref name="key"/> with <see cref="SlimCacheCodec.Default"/>; default when missing or invalid.</summary>
    public static Task<T?> GetSlimAsync<T>(this IDistributedCache cache, string key, CancellationToken cancellationToken = default) =>
        GetSlimAsync<T>(cache, key, SlimCacheCodec.Default, cancellationToken);

    /// <summary>Reads <paramref name="key"/> with <paramref name="codec"/>; default when missing or invalid.</summary>
    public static async Task<T?> GetSlimAsync<T>(this IDistributedCache cache, string key, SlimCacheCodec codec,
        CancellationToken cancellationToken = default) =>
        (await TryGetSlimAsync<T>(cache, key, codec, cancellationToken).ConfigureAwait(false)).Value;

    /// <summary>Reads <paramref name="key"/> with <see cref="SlimCacheCodec.Default"/>, telling a miss from a stored default.</summary>
    public static Task<SlimCacheResult<T>> TryGetSlimAsync<T>(this IDistributedCache cache, string key, CancellationToken cancellationToken = default) =>
        TryGetSlimAsync<T>(cache, key, SlimCacheCodec.Default, cancellationToken);

    /// <summary>Reads <paramref name="key"/> with <paramref name="codec"/>, telling a miss from a stored default.</summary>
    /// <exception cref="SlimCacheValueException">The value is invalid and <see cref="SlimCacheOptions.ThrowOnInvalidValue"/> is set.</exception>
    public static async Task<SlimCacheResult<T>> TryGetSlimAsync<T>(this IDistributedCache cache, string key, SlimCacheCodec codec,
        CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(cache);
        ArgumentNullException.ThrowIfNull(key);
        ArgumentNullException.ThrowIfNull(codec);
        if (cache is IBufferDistributedCache buffered)
        {
            using var buffer = new PooledBufferWriter();
            if (!await buffered.TryGetAsync(key, buffer, cancellationToken).ConfigureAwait(false))
            {
                return default;
            }
            return codec.TryDeserialize(buffer.WrittenMemory, key, out T? value) ? new(true, value) : default;
        }
        byte[]? bytes = await cache.GetAsync(key, cancellationToken).ConfigureAwait(false);
        return bytes is not null && codec.TryDeserialize(bytes, key, out T? found) ? new(true, found) : default;
    }

    /// <summary>Stores <paramref name="value"/> under <paramref name="key"/> with <see cref="SlimCacheCodec.Default"/>.</summary>
    public static Task SetSlimAsync<T>(this IDistributedCache cache, string key, T value, DistributedCacheEntryOptions? options = null,
        CancellationToken cancellationToken = default) =>
        SetSlimAsync(cache, key, value, SlimCacheCodec.Default, options, cancellationToken);

    /// <summary>Stores <paramref name="value"/> (the whole graph it references) under <paramref name="key"/> with <paramref name="codec"/>.</summary>
    /// <exception cref="SlimSerializationException">A type in the graph cannot be serialized.</exception>
    public static async Task SetSlimAsync<T>(this IDistributedCache cache, string key, T value, SlimCacheCodec codec,
        DistributedCacheEntryOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(cache);
        ArgumentNullException.ThrowIfNull(key);
        ArgumentNullException.ThrowIfNull(codec);
        options ??= new DistributedCacheEntryOptions();
        using var buffer = new PooledBufferWriter();
        codec.Serialize(value, buffer);
        if (cache is IBufferDistributedCache buffered)
        {
            await buffered.SetAsync(key, new ReadOnlySequence<byte>(buffer.WrittenMemory), options, cancellationToken).ConfigureAwait(false);
        }
        else
        {
            // IDistributedCache takes an exact array: the one copy its API forces.
            await cache.SetAsync(key, buffer.WrittenSpan.ToArray(), options, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Returns the value under <paramref name="key"/>, or creates it with <paramref name="factory"/>, stores it and returns it.</summary>
    public static Task<T> GetOrCreateSlimAsync<T>(this IDistributedCache cache, string key, Func<CancellationToken, ValueTask<T>> factory,
        DistributedCacheEntryOptions? options = null, CancellationToken cancellationToken = default) =>
        GetOrCreateSlimAsync(cache, key, factory, SlimCacheCodec.Default, options, cancellationToken);

    /// <summary>
    /// Returns the value under <paramref name="key"/>, or, when it is missing or invalid, creates it with
    /// <paramref name="factory"/>, stores it with <paramref name="options"/> and returns it. Concurrent callers that
    /// miss together each run the factory (no stampede protection: HybridCache has that).
    /// </summary>
    public static async Task<T> GetOrCreateSlimAsync<T>(this IDistributedCache cache, string key, Func<CancellationToken, ValueTask<T>> factory,
        SlimCacheCodec codec, DistributedCacheEntryOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(factory);
        SlimCacheResult<T> cached = await TryGetSlimAsync<T>(cache, key, codec, cancellationToken).ConfigureAwait(false);
        if (cached.Found)
        {
            return cached.Value!;
        }
        T created = await factory(cancellationToken).ConfigureAwait(false);
        await SetSlimAsync(cache, key, created, codec, options, cancellationToken).ConfigureAwait(false);
        return created;
    }
}
