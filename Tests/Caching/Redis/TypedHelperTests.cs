using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Options;
using NFX.Slim.Caching;
using Microsoft.Extensions.Caching.StackExchangeRedis;
using NFX.Tests.CacheProbe;
using NFX.Tests.Caching.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Caching.Redis;

/// <summary>The typed helpers against Microsoft's RedisCache (an IBufferDistributedCache) and MemoryDistributedCache (arrays only).</summary>
[TestFixture(CacheKind.Redis)]
[TestFixture(CacheKind.Memory)]
public sealed class TypedHelperTests(CacheKind kind)
{
    private IDistributedCache _cache = null!;
    private ListLogger _log = null!;
    private SlimCacheCodec _codec = null!;

    [SetUp]
    public void SetUp()
    {
        _cache = kind == CacheKind.Redis
            ? new RedisCache(new RedisCacheOptions { Configuration = RedisFixture.Server.Configuration, InstanceName = "typed:" })
            : new MemoryDistributedCache(Options.Create(new MemoryDistributedCacheOptions()));
        _log = new ListLogger();
        _codec = new SlimCacheCodec(new SlimCacheOptions(), _log);
    }

    [TearDown]
    public void TearDown() => (_cache as IDisposable)?.Dispose();

    [Test]
    public async Task SetAsyncThenGetAsync_Graph_ReadsBackEqual()
    {
        string key = NewKey();
        Team team = ProbeGraph.Build();
        await _cache.SetSlimAsync(key, team, _codec);
        Team? copy = await _cache.GetSlimAsync<Team>(key, _codec);
        GraphAssert.AreEquivalent(team, copy);
        Assert.That(_log.Entries, Is.Empty);
    }

    [Test]
    public async Task SetAsyncThenGetAsync_DefaultCodec_RoundTripsADto()
    {
        string key = NewKey();
        var order = new Order(12, "bob") { Lines = [new OrderLine("x", 3, 2.25m)], Placed = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc) };
        await _cache.SetSlimAsync(key, order);
        GraphAssert.AreEquivalent(order, await _cache.GetSlimAsync<Order>(key));
    }

    [Test]
    public async Task TryGetAsync_MissingKey_IsNotFound()
    {
        SlimCacheResult<Order> result = await _cache.TryGetSlimAsync<Order>(NewKey(), _codec);
        Assert.That(result, Is.EqualTo(default(SlimCacheResult<Order>)));
        Assert.That(_log.Entries, Is.Empty);
    }

    [Test]
    public async Task TryGetAsync_StoredNull_IsFoundNull()
    {
        string key = NewKey();
        await _cache.SetSlimAsync<Order?>(key, null, _codec);
        SlimCacheResult<Order?> result = await _cache.TryGetSlimAsync<Order?>(key, _codec);
        Assert.That(result.Found, Is.True);
        Assert.That(result.Value, Is.Null);
    }

    [Test]
    public async Task GetOrCreateSlimAsync_Miss_RunsTheFactoryOnceThenHits()
    {
        string key = NewKey();
        int calls = 0;
        ValueTask<Reading> Factory(CancellationToken _)
        {
            calls++;
            return ValueTask.FromResult(new Reading(2.5, new KeyValuePair<string, int[]>("t", [1, 2])));
        }
        Reading first = await _cache.GetOrCreateSlimAsync(key, Factory, _codec);
        Reading second = await _cache.GetOrCreateSlimAsync(key, Factory, _codec);
        Assert.That(calls, Is.EqualTo(1));
        Assert.That(second.Value, Is.EqualTo(2.5));
        Assert.That(second.Tags.Value, Is.EqualTo(new[] { 1, 2 }));
        Assert.That(first.Tags.Key, Is.EqualTo("t"));
    }

    [Test]
    public async Task GetOrCreateSlimAsync_CorruptStoredValue_IsMissWithWarningAndIsReplaced()
    {
        string key = NewKey();
        byte[] bytes = _codec.Serialize(ProbeGraph.Build());
        bytes[^3] ^= 0xFF;
        bytes[^9] ^= 0xFF;
        await _cache.SetAsync(key, bytes, new DistributedCacheEntryOptions());

        Team created = await _cache.GetOrCreateSlimAsync(key, _ => ValueTask.FromResult(new Team { Name = "fresh" }), _codec);

        Assert.That(created.Name, Is.EqualTo("fresh"));
        LogEntry warning = _log.Entries.Single();
        Assert.That(warning.Message, Does.Contain(key).And.Contain("(Corrupt)"));
        Assert.That((await _cache.GetSlimAsync<Team>(key, _codec))!.Name, Is.EqualTo("fresh"));
    }

    [Test]
    public async Task GetAsync_TruncatedStoredValue_IsMiss()
    {
        string key = NewKey();
        byte[] bytes = _codec.Serialize(ProbeGraph.Build());
        await _cache.SetAsync(key, bytes[..(bytes.Length / 2)], new DistributedCacheEntryOptions());
        Assert.That(await _cache.TryGetSlimAsync<Team>(key, _codec), Is.EqualTo(default(SlimCacheResult<Team>)));
        Assert.That(_log.Entries.Single().Message, Does.Contain("(Corrupt)"));
    }

    [Test]
    public async Task GetAsync_TypeOutsidePolicy_IsMiss()
    {
        string key = NewKey();
        await _cache.SetSlimAsync(key, new Envelope { Label = "l", Content = new Outsider() }, _codec);
        Assert.That(await _cache.GetSlimAsync<Envelope>(key, _codec), Is.Null);
        Assert.That(_log.Entries.Single().Message, Does.Contain("(TypeNotAllowed)"));
    }

    [Test]
    public async Task GetAsync_StaleFingerprint_IsMissNotGarbage()
    {
        string key = NewKey();
        byte[] bytes = CacheValueBytes.Restamp(_codec.Serialize(new TreeNode { Name = "old" }), fingerprint: 0x0123456789ABCDEF);
        await _cache.SetAsync(key, bytes, new DistributedCacheEntryOptions());
        Assert.That(await _cache.GetSlimAsync<TreeNode>(key, _codec), Is.Null);
        Assert.That(_log.Entries.Single().Message, Does.Contain("(LayoutChanged)"));
    }

    [Test]
    public async Task GetAsync_ThrowOnInvalidValue_Throws()
    {
        string key = NewKey();
        await _cache.SetAsync(key, "not a cache value"u8.ToArray(), new DistributedCacheEntryOptions());
        var strict = new SlimCacheCodec(new SlimCacheOptions { ThrowOnInvalidValue = true });
        var e = (await Assert.ThrowsAsync<SlimCacheValueException>(async () => await _cache.GetSlimAsync<Order>(key, strict)))!;
        Assert.That(e.Problem, Is.EqualTo(SlimCacheValueProblem.NotACacheValue));
    }

    [Test]
    public async Task SetAsync_WithExpiration_PassesTheOptionsThrough()
    {
        string key = NewKey();
        await _cache.SetSlimAsync(key, new TreeNode(), _codec, new DistributedCacheEntryOptions { AbsoluteExpirationRelativeToNow = TimeSpan.FromMilliseconds(50) });
        SlimCacheResult<TreeNode> result = default;
        for (int attempt = 0; attempt < 100; attempt++)
        {
            await Task.Delay(30);
            result = await _cache.TryGetSlimAsync<TreeNode>(key, _codec);
            if (!result.Found)
            {
                break;
            }
        }
        Assert.That(result.Found, Is.False, "the entry outlived its 50 ms absolute expiration by seconds");
    }

    private static string NewKey() => "t" + Guid.NewGuid().ToString("N");
}
