using System.Buffers;
using Microsoft.Extensions.Caching.Distributed;
using NFX.Slim.Caching.Redis;
using NFX.Tests.Caching.Support;
using StackExchange.Redis;

namespace NFX.Tests.Caching.Redis;

public sealed class RedisDistributedCacheTests
{
    private const string Prefix = "rdc:";
    private ManualTimeProvider _clock = null!;
    private RedisDistributedCache _cache = null!;
    private IDatabase _redis = null!;

    [SetUp]
    public void SetUp()
    {
        _clock = new ManualTimeProvider(DateTimeOffset.UtcNow);
        _cache = new RedisDistributedCache(RedisFixture.Server.Connection,
            new RedisDistributedCacheOptions { InstanceName = Prefix, TimeProvider = _clock });
        _redis = RedisFixture.Server.Connection.GetDatabase();
    }

    [TearDown]
    public void TearDown() => _cache.Dispose();

    [Test]
    public async Task SetAsyncThenGetAsync_ReturnsTheBytes()
    {
        string key = NewKey();
        byte[] value = [0, 1, 2, 255, 0];
        await _cache.SetAsync(key, value, new DistributedCacheEntryOptions());
        Assert.That(await _cache.GetAsync(key), Is.EqualTo(value));
        Assert.That(_cache.Get(key), Is.EqualTo(value));
    }

    [Test]
    public async Task GetAsync_MissingKey_IsNull()
    {
        Assert.That(await _cache.GetAsync(NewKey()), Is.Null);
    }

    [Test]
    public async Task Set_EmptyValue_IsFoundAndEmpty()
    {
        string key = NewKey();
        _cache.Set(key, [], new DistributedCacheEntryOptions());
        Assert.That(await _cache.GetAsync(key), Is.Empty);
    }

    [Test]
    public async Task RemoveAsync_RemovesTheEntry()
    {
        string key = NewKey();
        await _cache.SetAsync(key, [1], new DistributedCacheEntryOptions());
        await _cache.RemoveAsync(key);
        Assert.That(await _cache.GetAsync(key), Is.Null);
        Assert.That(await _redis.KeyExistsAsync(Prefix + key), Is.False);
    }

    [Test]
    public async Task Set_NoExpiration_HasNoTtlAndReplacesAnEarlierTtl()
    {
        string key = NewKey();
        await _cache.SetAsync(key, [1], new DistributedCacheEntryOptions { AbsoluteExpirationRelativeToNow = TimeSpan.FromMinutes(5) });
        Assert.That(await _redis.KeyTimeToLiveAsync(Prefix + key), Is.Not.Null);
        await _cache.SetAsync(key, [2], new DistributedCacheEntryOptions());
        Assert.That(await _redis.KeyTimeToLiveAsync(Prefix + key), Is.Null);
        Assert.That(await _cache.GetAsync(key), Is.EqualTo(new byte[] { 2 }));
    }

    [Test]
    public async Task Set_AbsoluteRelative_StoresTheExpiryAndTtl()
    {
        string key = NewKey();
        await _cache.SetAsync(key, [1], new DistributedCacheEntryOptions { AbsoluteExpirationRelativeToNow = TimeSpan.FromMinutes(10) });
        HashEntry[] entry = await _redis.HashGetAllAsync(Prefix + key);
        var fields = entry.ToDictionary(e => (string)e.Name!, e => e.Value);
        Assert.That((long)fields["absexp"], Is.EqualTo(_clock.GetUtcNow().AddMinutes(10).ToUnixTimeMilliseconds()));
        Assert.That((long)fields["sldexp"], Is.EqualTo(-1));
        Assert.That(await TtlMs(key), Is.InRange(580_000, 600_000));
    }

    [Test]
    public async Task Get_SlidingWithAbsolute_SlidesToTheSmallerOfWindowAndTimeLeft()
    {
        string key = NewKey();
        await _cache.SetAsync(key, [7], new DistributedCacheEntryOptions
        {
            SlidingExpiration = TimeSpan.FromSeconds(60),
            AbsoluteExpirationRelativeToNow = TimeSpan.FromSeconds(100),
        });
        Assert.That(await TtlMs(key), Is.InRange(50_000, 60_000));

        _clock.Advance(TimeSpan.FromSeconds(20));
        await _redis.KeyExpireAsync(Prefix + key, TimeSpan.FromSeconds(5));
        Assert.That(await _cache.GetAsync(key), Is.EqualTo(new byte[] { 7 }));
        Assert.That(await TtlMs(key), Is.InRange(50_000, 60_000), "a read renews the full window");

        _clock.Advance(TimeSpan.FromSeconds(50));
        await _cache.RefreshAsync(key);
        Assert.That(await TtlMs(key), Is.InRange(20_000, 30_000), "capped by the 30 s left to the absolute expiry");
    }

    [Test]
    public async Task Refresh_Sliding_RenewsTheWindowWithoutReading()
    {
        string key = NewKey();
        _cache.Set(key, [1], new DistributedCacheEntryOptions { SlidingExpiration = TimeSpan.FromMinutes(2) });
        await _redis.KeyExpireAsync(Prefix + key, TimeSpan.FromSeconds(3));
        _cache.Refresh(key);
        Assert.That(await TtlMs(key), Is.InRange(110_000, 120_000));
    }

    [Test]
    public async Task Refresh_AbsoluteOnly_LeavesTheTtl()
    {
        string key = NewKey();
        await _cache.SetAsync(key, [1], new DistributedCacheEntryOptions { AbsoluteExpirationRelativeToNow = TimeSpan.FromMinutes(10) });
        await _redis.KeyExpireAsync(Prefix + key, TimeSpan.FromSeconds(30));
        await _cache.RefreshAsync(key);
        Assert.That(await TtlMs(key), Is.InRange(1, 30_000));
    }

    [Test]
    public async Task Get_PastTheAbsoluteExpiryByTheClock_IsMissAndDeletes()
    {
        string key = NewKey();
        await _cache.SetAsync(key, [1], new DistributedCacheEntryOptions
        {
            AbsoluteExpiration = _clock.GetUtcNow().AddSeconds(30),
            SlidingExpiration = TimeSpan.FromSeconds(10),
        });
        _clock.Advance(TimeSpan.FromSeconds(31));
        Assert.That(await _cache.GetAsync(key), Is.Null);
        Assert.That(await _redis.KeyExistsAsync(Prefix + key), Is.False);
    }

    [Test]
    public void Set_AbsoluteExpiryInThePast_Throws()
    {
        var options = new DistributedCacheEntryOptions { AbsoluteExpiration = _clock.GetUtcNow().AddSeconds(-1) };
        Assert.Throws<ArgumentOutOfRangeException>(() => _cache.Set(NewKey(), [1], options));
    }

    [Test]
    public async Task Set_ShortExpiry_RedisDropsTheEntry()
    {
        using var cache = new RedisDistributedCache(RedisFixture.Server.Connection, new RedisDistributedCacheOptions { InstanceName = Prefix });
        string key = NewKey();
        await cache.SetAsync(key, [1], new DistributedCacheEntryOptions { AbsoluteExpirationRelativeToNow = TimeSpan.FromMilliseconds(100) });
        byte[]? value = [1];
        for (int attempt = 0; attempt < 100 && value is not null; attempt++)
        {
            await Task.Delay(50);
            value = await cache.GetAsync(key);
        }
        Assert.That(value, Is.Null);
    }

    [Test]
    public async Task TryGetAsync_WritesIntoTheBufferWriter()
    {
        string key = NewKey();
        await _cache.SetAsync(key, new ReadOnlySequence<byte>([3, 4, 5]), new DistributedCacheEntryOptions());
        var buffer = new ArrayBufferWriter<byte>();
        buffer.Write<byte>([9]);
        Assert.That(await _cache.TryGetAsync(key, buffer), Is.True);
        Assert.That(buffer.WrittenSpan.ToArray(), Is.EqualTo(new byte[] { 9, 3, 4, 5 }));
        Assert.That(_cache.TryGet(NewKey(), buffer), Is.False);
        Assert.That(buffer.WrittenCount, Is.EqualTo(4));
    }

    [Test]
    public async Task GetAsync_CancelledToken_Throws()
    {
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        await Assert.ThrowsAsync<OperationCanceledException>(async () => await _cache.GetAsync(NewKey(), cancelled.Token));
    }

    [Test]
    public async Task InstanceName_PrefixesEveryKey()
    {
        string key = NewKey();
        await _cache.SetAsync(key, [1], new DistributedCacheEntryOptions());
        Assert.That(await _redis.KeyExistsAsync(Prefix + key), Is.True);
        Assert.That(await _redis.KeyExistsAsync(key), Is.False);
    }

    [Test]
    public void Constructor_WithConfiguration_ConnectsAndOwnsTheConnection()
    {
        string key = NewKey();
        using (var own = new RedisDistributedCache(new RedisDistributedCacheOptions { Configuration = RedisFixture.Server.Configuration }))
        {
            own.Set(key, [42], new DistributedCacheEntryOptions());
        }
        Assert.That((byte[]?)_redis.HashGet(key, "data"), Is.EqualTo(new byte[] { 42 }));
    }

    private static string NewKey() => "k" + Guid.NewGuid().ToString("N");

    private async Task<double> TtlMs(string key) =>
        (await _redis.KeyTimeToLiveAsync(Prefix + key))?.TotalMilliseconds ?? -1;
}
