using Microsoft.Extensions.Caching.Hybrid;

namespace NFX.Slim.Caching;

/// <summary>HybridCache calls that treat a value Slim refuses as a miss instead of an exception.</summary>
/// <remarks>
/// HybridCache (10.11) gives a serializer no way to report a miss: when one throws, plain <c>GetOrCreateAsync</c>
/// logs its own error, throws to the caller, and keeps the bad bytes in its local cache, so the next call throws again.
/// These calls catch the <see cref="SlimCacheValueException"/>, log one warning naming the key, remove the entry from
/// both levels, and then run the factory (or rethrow, when <see cref="SlimCacheOptions.ThrowOnInvalidValue"/> is set).
/// </remarks>
public static class SlimHybridCacheExtensions
{
    /// <summary>
    /// Like <c>HybridCache.GetOrCreateAsync</c>, but a stored value Slim refuses (stale layout after a deploy, corrupt,
    /// truncated, a type outside the policy) is a miss: logged once with <paramref name="key"/>, removed from both
    /// levels and recreated by <paramref name="factory"/>.
    /// </summary>
    /// <exception cref="SlimCacheValueException">
    /// The value was invalid and <see cref="SlimCacheOptions.ThrowOnInvalidValue"/> is set (the entry is removed all the
    /// same), or it was still invalid after it was removed and recreated once.
    /// </exception>
    public static ValueTask<T> GetOrCreateSlimAsync<T>(this HybridCache cache, string key,
        Func<CancellationToken, ValueTask<T>> factory, HybridCacheEntryOptions? options = null,
        IEnumerable<string>? tags = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(factory);
        return GetOrCreateSlimAsync(cache, key, factory, static (f, ct) => f(ct), options, tags, cancellationToken);
    }

    /// <summary>
    /// The state-passing form of <see cref="GetOrCreateSlimAsync{T}(HybridCache, string, Func{CancellationToken, ValueTask{T}}, HybridCacheEntryOptions?, IEnumerable{string}?, CancellationToken)"/>
    /// (no closure allocated per call).
    /// </summary>
    /// <exception cref="SlimCacheValueException">
    /// The value was invalid and <see cref="SlimCacheOptions.ThrowOnInvalidValue"/> is set (the entry is removed all the
    /// same), or it was still invalid after it was removed and recreated once.
    /// </exception>
    public static async ValueTask<T> GetOrCreateSlimAsync<TState, T>(this HybridCache cache, string key, TState state,
        Func<TState, CancellationToken, ValueTask<T>> factory, HybridCacheEntryOptions? options = null,
        IEnumerable<string>? tags = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(cache);
        ArgumentNullException.ThrowIfNull(key);
        ArgumentNullException.ThrowIfNull(factory);
        try
        {
            return await cache.GetOrCreateAsync(key, state, factory, options, tags, cancellationToken).ConfigureAwait(false);
        }
        catch (SlimCacheValueException e)
        {
            e.Codec?.LogInvalid(e, key);
            await cache.RemoveAsync(key, cancellationToken).ConfigureAwait(false);
            if (e.Codec?.Options.ThrowOnInvalidValue == true)
            {
                throw;
            }
        }
        return await cache.GetOrCreateAsync(key, state, factory, options, tags, cancellationToken).ConfigureAwait(false);
    }
}
