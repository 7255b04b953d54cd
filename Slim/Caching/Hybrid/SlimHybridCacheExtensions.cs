using Microsoft.Extensions.Caching.Hybrid;

namespace NFX.Slim.Caching;

/// <summary>HybridCache calls that treat a value Slim refuses as a miss instead of an exception.</summary>
public static class SlimHybridCacheExtensions
{
    /// <summary>
    /// Like <c>HybridCache.GetOrCreateAsync</c>, but when the stored value is invalid for Slim (stale layout after a
    /// deploy, corrupt, truncated, a type outside the policy) the entry is removed and <paramref name="factory"/>
    /// recreates it: a miss for the caller, not an exception. The serializer has already logged the warning.
    /// </summary>
    /// <exception cref="SlimCacheValueException">The value was still invalid after it was removed and recreated once.</exception>
    public static async ValueTask<T> GetOrCreateSlimAsync<T>(this HybridCache cache, string key,
        Func<CancellationToken, ValueTask<T>> factory, HybridCacheEntryOptions? options = null,
        IEnumerable<string>? tags = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(cache);
        ArgumentNullException.ThrowIfNull(factory);
        try
        {
            return await cache.GetOrCreateAsync(key, factory, options, tags, cancellationToken).ConfigureAwait(false);
        }
        catch (SlimCacheValueException)
        {
            await cache.RemoveAsync(key, cancellationToken).ConfigureAwait(false);
            return await cache.GetOrCreateAsync(key, factory, options, tags, cancellationToken).ConfigureAwait(false);
        }
    }
}
