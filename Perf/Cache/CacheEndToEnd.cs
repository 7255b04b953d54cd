using System.Diagnostics;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;

namespace NFX.Perf.Cache;

/// <summary>
/// The end-to-end half: each contender as the serializer of a real HybridCache whose L2 is Microsoft's RedisCache over
/// a real redis-server on loopback, L1 disabled per entry, so every GetOrCreateAsync of a cached value is a Redis
/// round trip plus the serializer's read.
/// </summary>
public sealed class CacheEndToEnd : IAsyncDisposable
{
    private static readonly HybridCacheEntryOptions s_l2Only = new() { Flags = HybridCacheEntryFlags.DisableLocalCache };
    private readonly RedisServer _redis;
    private readonly List<ServiceProvider> _providers = [];

    private CacheEndToEnd(RedisServer redis) => _redis = redis;

    /// <summary>Starts a redis-server for the run (see <see cref="RedisServer.Start"/>).</summary>
    public static CacheEndToEnd Start() => new(RedisServer.Start());

    /// <summary>Per contender (same order): the bytes Redis holds for the entry, and time and allocation per cached GetOrCreate.</summary>
    public async Task<(long RedisBytes, double Ns, long Alloc)[]> MeasureAsync(IReadOnlyList<CacheContender> contenders, int rounds,
        TimeSpan batch, string value)
    {
        var caches = new HybridCache[contenders.Count];
        var keys = new string[contenders.Count];
        var redisBytes = new long[contenders.Count];
        for (int c = 0; c < contenders.Count; c++)
        {
            var services = new ServiceCollection();
            services.AddStackExchangeRedisCache(o => o.Configuration = _redis.Configuration);
            IHybridCacheBuilder builder = services.AddHybridCache();
            contenders[c].Register(builder);
            ServiceProvider provider = services.BuildServiceProvider();
            _providers.Add(provider);
            caches[c] = provider.GetRequiredService<HybridCache>();
            keys[c] = $"{value}:{contenders[c].Name}";
            await contenders[c].GetOrCreate(caches[c], keys[c], s_l2Only).ConfigureAwait(false);
            redisBytes[c] = await StoredLengthAsync(provider.GetRequiredService<IDistributedCache>(), keys[c], contenders[c].Name).ConfigureAwait(false);
        }
        var operations = new Func<ValueTask>[contenders.Count];
        for (int c = 0; c < contenders.Count; c++)
        {
            CacheContender contender = contenders[c];
            HybridCache cache = caches[c];
            string key = keys[c];
            operations[c] = () => contender.GetOrCreate(cache, key, s_l2Only);
        }
        (double Ns, long Alloc)[] timed = await InterleavedAsync(operations, rounds, batch).ConfigureAwait(false);
        return [.. timed.Select((t, c) => (redisBytes[c], t.Ns, t.Alloc))];
    }

    /// <summary>The entry's size in Redis: HybridCache writes L2 in the background, so wait (bounded) until it is there.</summary>
    private static async Task<long> StoredLengthAsync(IDistributedCache redis, string key, string contender)
    {
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            if (await redis.GetAsync(key).ConfigureAwait(false) is { } entry)
            {
                return entry.Length;
            }
            await Task.Delay(20).ConfigureAwait(false);
        }
        throw new InvalidOperationException($"{contender}: HybridCache stored nothing in Redis for '{key}' within 30 s.");
    }

    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        foreach (ServiceProvider provider in _providers)
        {
            await provider.DisposeAsync().ConfigureAwait(false);
        }
        _redis.Dispose();
    }

    /// <summary>
    /// Median time per call over <paramref name="rounds"/> rounds in which every operation runs one batch in turn, and
    /// bytes allocated per call by the whole process (the client's reader thread is part of the cost).
    /// </summary>
    private static async Task<(double Ns, long Alloc)[]> InterleavedAsync(Func<ValueTask>[] operations, int rounds, TimeSpan batch)
    {
        var calls = new int[operations.Length];
        for (int o = 0; o < operations.Length; o++)
        {
            var clock = Stopwatch.StartNew();
            while (clock.Elapsed < batch || calls[o] < 20)
            {
                await operations[o]().ConfigureAwait(false);
                calls[o]++;
            }
        }
        var perCall = new double[operations.Length][];
        var allocated = new long[operations.Length];
        for (int o = 0; o < operations.Length; o++)
        {
            perCall[o] = new double[rounds];
        }
        for (int r = 0; r < rounds; r++)
        {
            for (int o = 0; o < operations.Length; o++)
            {
                long before = GC.GetTotalAllocatedBytes(precise: true);
                long start = Stopwatch.GetTimestamp();
                for (int i = 0; i < calls[o]; i++)
                {
                    await operations[o]().ConfigureAwait(false);
                }
                perCall[o][r] = Stopwatch.GetElapsedTime(start).TotalNanoseconds / calls[o];
                allocated[o] += GC.GetTotalAllocatedBytes(precise: true) - before;
            }
        }
        var results = new (double, long)[operations.Length];
        for (int o = 0; o < operations.Length; o++)
        {
            Array.Sort(perCall[o]);
            results[o] = (perCall[o][rounds / 2], allocated[o] / ((long)calls[o] * rounds));
        }
        return results;
    }
}
