using NFX.Perf.Cache;
using System.Diagnostics;
using NFX.Slim.Caching;
using Microsoft.Extensions.Caching.StackExchangeRedis;
using NFX.Tests.Caching.Support;
using NFX.Tests.CacheProbe;
using NFX.Tests.Slim.Support;
using NFX.Tests.Support;

namespace NFX.Tests.Caching.Redis;

/// <summary>
/// Another process (NFX.Slim.CacheProbe, HybridCache and RedisCache over StackExchange.Redis 3.x) and this one share a
/// graph with cycles and polymorphic members through a real Redis.
/// </summary>
public sealed class TwoProcessTests
{
    private static readonly TimeSpan s_childTimeout = TimeSpan.FromSeconds(60);

    [Test]
    public async Task OtherProcessWrites_ThisProcessReadsTheGraphEqual()
    {
        string key = "probe:" + Guid.NewGuid().ToString("N");
        await RunProbeAsync("write", key);

        using var cache = new RedisCache(new RedisCacheOptions { Configuration = RedisFixture.Server.Configuration });
        SlimCacheResult<Team> read = await cache.TryGetSlimAsync<Team>(key);
        Assert.That(read.Found, Is.True);
        GraphAssert.AreEquivalent(ProbeGraph.Build(), read.Value);
        Assert.That(read.Value!.Members[1].Mentor!.Mentor, Is.SameAs(read.Value.Members[1]), "the mentor cycle survives");
        Assert.That(read.Value.Members[0].Pets[1], Is.InstanceOf<Cat>());
    }

    [Test]
    public async Task ThisProcessWrites_OtherProcessReadsAndWritesBack_Equal()
    {
        string from = "probe:" + Guid.NewGuid().ToString("N"), to = from + ":copy";
        using var cache = new RedisCache(new RedisCacheOptions { Configuration = RedisFixture.Server.Configuration });
        await cache.SetSlimAsync(from, ProbeGraph.Build());

        await RunProbeAsync("copy", from, to);

        GraphAssert.AreEquivalent(ProbeGraph.Build(), await cache.GetSlimAsync<Team>(to));
    }

    [Test]
    public async Task HybridCache_OtherProcessCreatedTheValue_ThisProcessHitsL2WithoutTheFactory()
    {
        string key = HybridStack.NewKey("restart:");
        await RunProbeAsync("hybrid-create", key);

        // A fresh HybridCache: an empty L1, as after a restart; only Redis holds the value.
        using var stack = new HybridStack(RedisFixture.Server.Configuration, "");
        int factoryCalls = 0;
        Team read = await stack.Cache.GetOrCreateAsync(key, _ =>
        {
            factoryCalls++;
            return ValueTask.FromResult(new Team { Name = "factory" });
        });

        Assert.That(factoryCalls, Is.Zero, "the value came from Redis, written by the other process");
        GraphAssert.AreEquivalent(ProbeGraph.Build(), read);
        Assert.That(read.Members[1].Mentor!.Mentor, Is.SameAs(read.Members[1]), "the mentor cycle survives");
        Assert.That(read.Mascot, Is.SameAs(read.Members[1].Pets[0]));
        Assert.That(stack.Log.Entries.Where(e => e.Level >= Microsoft.Extensions.Logging.LogLevel.Warning), Is.Empty);
    }

    private static async Task RunProbeAsync(params string[] arguments)
    {
        string[] line = [arguments[0], "127.0.0.1", RedisFixture.Server.Port.ToString(System.Globalization.CultureInfo.InvariantCulture), .. arguments.Skip(1)];
        (int exitCode, string output) = await DotnetChild.RunAsync("NFX.Slim.CacheProbe.dll", line, s_childTimeout,
            new Dictionary<string, string> { ["NFX_PROBE_REDIS_OPTIONS"] = RedisServer.Timeouts });
        Assert.That(exitCode, Is.Zero, $"probe {string.Join(' ', arguments)} failed:\n{output}");
    }
}
