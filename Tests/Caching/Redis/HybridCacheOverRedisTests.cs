using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using NFX.Slim.Caching;
using NFX.Slim.Caching.Redis;
using NFX.Tests.CacheProbe;
using NFX.Tests.Caching.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Caching.Redis;

/// <summary>The Slim HybridCache serializer inside a HybridCache-shaped cache whose distributed tier is the real Redis.</summary>
public sealed class HybridCacheOverRedisTests
{
    private ServiceProvider _provider = null!;
    private L2OnlyHybridCache _cache = null!;
    private IDistributedCache _redis = null!;

    [SetUp]
    public void SetUp()
    {
        _provider = new ServiceCollection()
            .AddSingleton<IDistributedCache>(new RedisDistributedCache(RedisFixture.Server.Connection,
                new RedisDistributedCacheOptions { InstanceName = "hybrid:" }))
            .AddSlimHybridCacheSerializer()
            .AddSingleton<L2OnlyHybridCache>()
            .BuildServiceProvider();
        _cache = _provider.GetRequiredService<L2OnlyHybridCache>();
        _redis = _provider.GetRequiredService<IDistributedCache>();
    }

    [TearDown]
    public void TearDown() => _provider.Dispose();

    [Test]
    public async Task GetOrCreateAsync_SecondCall_ReadsTheGraphFromRedis()
    {
        string key = NewKey();
        Team first = await _cache.GetOrCreateAsync(key, _ => ValueTask.FromResult(ProbeGraph.Build()));
        Team second = await _cache.GetOrCreateAsync(key, _ => ValueTask.FromResult(new Team()));
        Assert.That(_cache.FactoryCalls, Is.EqualTo(1));
        Assert.That(second, Is.Not.SameAs(first));
        GraphAssert.AreEquivalent(first, second);
        Assert.That((await _redis.GetAsync(key))![..2], Is.EqualTo("SC"u8.ToArray()));
    }

    [Test]
    public async Task GetOrCreateSlimAsync_StaleValueInRedis_RecreatesInsteadOfThrowing()
    {
        string key = NewKey();
        await _cache.SetAsync(key, ProbeGraph.Build());
        byte[] stored = (await _redis.GetAsync(key))!;
        stored[3] ^= 0x01;
        await _redis.SetAsync(key, stored, new DistributedCacheEntryOptions());

        await Assert.ThrowsAsync<SlimCacheValueException>(async () => await _cache.GetOrCreateAsync(key, _ => ValueTask.FromResult(new Team())));
        Team recreated = await _cache.GetOrCreateSlimAsync(key, _ => ValueTask.FromResult(new Team { Name = "recreated" }));

        Assert.That(recreated.Name, Is.EqualTo("recreated"));
        Assert.That((await _cache.GetOrCreateAsync(key, _ => ValueTask.FromResult(new Team()))).Name, Is.EqualTo("recreated"));
        Assert.That(_cache.FactoryCalls, Is.EqualTo(1));
    }

    private static string NewKey() => "h" + Guid.NewGuid().ToString("N");
}
