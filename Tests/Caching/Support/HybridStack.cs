using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using NFX.Slim.Caching;

namespace NFX.Tests.Caching.Support;

/// <summary>
/// The real cache stack as an application builds it: Microsoft's HybridCache with Slim as its serializer and
/// Microsoft's RedisCache (AddStackExchangeRedisCache) as L2, with every log entry kept.
/// </summary>
public sealed class HybridStack : IDisposable
{
    private readonly ServiceProvider _provider;

    public HybridStack(string redisConfiguration, string instanceName, Action<HybridCacheOptions>? hybrid = null,
        Action<SlimCacheOptions>? slim = null)
    {
        var services = new ServiceCollection();
        services.AddLogging(b => b.AddProvider(Log).SetMinimumLevel(LogLevel.Debug));
        services.AddStackExchangeRedisCache(o =>
        {
            o.Configuration = redisConfiguration;
            o.InstanceName = instanceName;
        });
        services.AddHybridCache(o => hybrid?.Invoke(o)).AddSlimSerializer(slim);
        _provider = services.BuildServiceProvider();
        Cache = _provider.GetRequiredService<HybridCache>();
        L2 = _provider.GetRequiredService<IDistributedCache>();
        Codec = _provider.GetRequiredService<SlimCacheCodec>();
    }

    public ListLogger Log { get; } = new();

    public HybridCache Cache { get; }

    /// <summary>The RedisCache HybridCache writes to (keys here are the HybridCache keys).</summary>
    public IDistributedCache L2 { get; }

    public SlimCacheCodec Codec { get; }

    /// <summary>Entry options that skip the local cache, so every read goes to Redis.</summary>
    public static HybridCacheEntryOptions L2Only { get; } = new() { Flags = HybridCacheEntryFlags.DisableLocalCache };

    public static string NewKey(string prefix) => prefix + Guid.NewGuid().ToString("N");

    public void Dispose() => _provider.Dispose();
}
