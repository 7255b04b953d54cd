using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.Logging;
using NFX.Slim.Caching;
using NFX.Tests.CacheProbe;
using NFX.Tests.Caching.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Caching.Redis;

/// <summary>
/// Slim inside the real stack: Microsoft's HybridCache (Slim as its serializer) over Microsoft's RedisCache and a real
/// redis-server. Each test states what HybridCache itself does, so a change in a future HybridCache shows up here.
/// </summary>
public sealed class HybridCacheTests
{
    private static readonly TimeSpan s_bound = TimeSpan.FromSeconds(60);
    private HybridStack _stack = null!;

    [SetUp]
    public void SetUp() => _stack = new HybridStack(RedisFixture.Server.Configuration, "hybrid:");

    [TearDown]
    public void TearDown() => _stack.Dispose();

    [Test]
    public async Task GetOrCreateAsync_SecondCall_IsAnL1HitEvenWithRedisEmptied()
    {
        string key = HybridStack.NewKey("l1:");
        var factory = new CountingFactory();
        Team first = await _stack.Cache.GetOrCreateAsync(key, factory.Team).AsTask().WaitAsync(s_bound);
        await _stack.L2.RemoveAsync(key);

        Team second = await _stack.Cache.GetOrCreateAsync(key, factory.Team).AsTask().WaitAsync(s_bound);

        Assert.That(factory.Calls, Is.EqualTo(1));
        Assert.That(second, Is.Not.SameAs(first), "a mutable type is stored as bytes in L1 and read into a new graph");
        GraphAssert.AreEquivalent(first, second);
    }

    [Test]
    public async Task GetOrCreateAsync_FreshL1_IsAnL2HitFromRedis()
    {
        string key = HybridStack.NewKey("l2:");
        await _stack.Cache.GetOrCreateAsync(key, new CountingFactory().Team).AsTask().WaitAsync(s_bound);
        await WaitForL2Async(key, entry => entry is not null);
        using var other = new HybridStack(RedisFixture.Server.Configuration, "hybrid:");
        var factory = new CountingFactory();

        Team read = await other.Cache.GetOrCreateAsync(key, factory.Team).AsTask().WaitAsync(s_bound);

        Assert.That(factory.Calls, Is.Zero);
        GraphAssert.AreEquivalent(ProbeGraph.Build(), read);
        Assert.That(read.Members[0].Team, Is.SameAs(read));
    }

    [Test]
    public async Task GetOrCreateAsync_HundredConcurrentCallers_RunTheFactoryOnce()
    {
        string key = HybridStack.NewKey("stampede:");
        var factory = new CountingFactory(delay: TimeSpan.FromMilliseconds(300));
        using var start = new ManualResetEventSlim();
        Task<Team>[] callers = [.. Enumerable.Range(0, 100).Select(_ => Task.Run(async () =>
        {
            start.Wait();
            return await _stack.Cache.GetOrCreateAsync(key, factory.Team, HybridStack.L2Only);
        }))];
        start.Set();

        Team[] results = await Task.WhenAll(callers).WaitAsync(s_bound);

        Assert.That(factory.Calls, Is.EqualTo(1));
        Assert.That(results.Select(r => GraphAssert.FindDifference(ProbeGraph.Build(), r)), Has.All.Null);
    }

    [Test]
    public async Task RemoveByTagAsync_RemovesTaggedEntriesOnly()
    {
        string tagged = HybridStack.NewKey("tag:"), other = HybridStack.NewKey("tag:");
        var factory = new CountingFactory();
        await _stack.Cache.GetOrCreateAsync(tagged, factory.Team, tags: ["teams", "blue"]).AsTask().WaitAsync(s_bound);
        await _stack.Cache.GetOrCreateAsync(other, factory.Team, tags: ["orders"]).AsTask().WaitAsync(s_bound);

        await _stack.Cache.RemoveByTagAsync("blue").AsTask().WaitAsync(s_bound);
        await _stack.Cache.GetOrCreateAsync(tagged, factory.Team, tags: ["teams", "blue"]).AsTask().WaitAsync(s_bound);
        await _stack.Cache.GetOrCreateAsync(other, factory.Team, tags: ["orders"]).AsTask().WaitAsync(s_bound);

        Assert.That(factory.Calls, Is.EqualTo(3), "two creations, then only the tagged entry again");
    }

    [Test]
    public async Task PlainGetOrCreateAsync_CorruptL2Value_ThrowsOnEveryCall()
    {
        // HybridCache 10.11 gives a serializer no way to say "miss": what it throws reaches the caller, every time.
        string key = await StoreThenAlterAsync(value => value[CacheValueBytes.HeaderSize + 5] ^= 0x04);
        var factory = new CountingFactory();
        for (int call = 0; call < 2; call++)
        {
            var e = (await Assert.ThrowsAsync<SlimCacheValueException>(async () => await _stack.Cache.GetOrCreateAsync(key, factory.Team).AsTask().WaitAsync(s_bound)))!;
            Assert.That(e.Problem, Is.EqualTo(SlimCacheValueProblem.Corrupt));
        }
        Assert.That(factory.Calls, Is.Zero);
        Assert.That(_stack.Log.Entries.Where(x => x.EventId.Name == "DeserializationFailure").ToList(), Has.Count.EqualTo(2), "HybridCache logs its own error");
    }

    [Test]
    public async Task GetOrCreateSlimAsync_CorruptL2Value_IsAMissLoggedOnceWithTheKeyAndTheEntryIsReplaced()
    {
        string key = await StoreThenAlterAsync(value => value[CacheValueBytes.HeaderSize + 5] ^= 0x04);
        await AssertMissThenReplacedAsync(key, SlimCacheValueProblem.Corrupt);
    }

    [Test]
    public async Task GetOrCreateSlimAsync_StaleLayoutInL2_IsAMissAndTheEntryIsReplaced()
    {
        string key = await StoreThenAlterAsync(value => CacheValueBytes.Restamp(value.ToArray(), fingerprint: 42).CopyTo(value));
        await AssertMissThenReplacedAsync(key, SlimCacheValueProblem.LayoutChanged);
    }

    [Test]
    public async Task GetOrCreateSlimAsync_ThrowOnInvalidValue_ThrowsButRemovesTheEntryFromBothLevels()
    {
        using var strict = new HybridStack(RedisFixture.Server.Configuration, "hybrid:", slim: o => o.ThrowOnInvalidValue = true);
        string key = await StoreThenAlterAsync(value => value[CacheValueBytes.HeaderSize + 5] ^= 0x04);
        var factory = new CountingFactory();

        var e = (await Assert.ThrowsAsync<SlimCacheValueException>(async () => await strict.Cache.GetOrCreateSlimAsync(key, factory.Team).AsTask().WaitAsync(s_bound)))!;
        Team created = await strict.Cache.GetOrCreateAsync(key, factory.Team).AsTask().WaitAsync(s_bound);

        Assert.That(e.Problem, Is.EqualTo(SlimCacheValueProblem.Corrupt));
        Assert.That(factory.Calls, Is.EqualTo(1), "the next plain call found nothing and created the value");
        GraphAssert.AreEquivalent(ProbeGraph.Build(), created);
        Assert.That(strict.Log.Entries.Single(x => x.EventId.Id == 8001).Message, Does.Contain($"'{key}'").And.Contain("thrown to the caller"));
    }

    [Test]
    public async Task GetOrCreateAsync_ValueAboveMaximumPayloadBytes_IsReturnedButNotStoredInRedis()
    {
        using var small = new HybridStack(RedisFixture.Server.Configuration, "hybrid:", hybrid: o => o.MaximumPayloadBytes = 1024);
        string key = HybridStack.NewKey("big:");
        var factory = new CountingFactory(bigName: new string('x', 4096));

        Team first = await small.Cache.GetOrCreateAsync(key, factory.Team, HybridStack.L2Only).AsTask().WaitAsync(s_bound);
        Team second = await small.Cache.GetOrCreateAsync(key, factory.Team, HybridStack.L2Only).AsTask().WaitAsync(s_bound);

        Assert.That(first.Name, Has.Length.EqualTo(4096));
        Assert.That(second.Name, Is.EqualTo(first.Name));
        Assert.That(factory.Calls, Is.EqualTo(2), "nothing was stored, so the second call created it again");
        Assert.That(await small.L2.GetAsync(key), Is.Null);
        Assert.That(small.Log.Entries.Where(x => x.EventId.Name == "MaximumPayloadBytesExceeded"), Is.Not.Empty);
    }

    /// <summary>
    /// HybridCache may finish its L2 write after the call that caused it returned (under load, after the next call
    /// already read Redis): waits, bounded, until Redis's entry for <paramref name="key"/> satisfies <paramref name="landed"/>.
    /// </summary>
    private async Task WaitForL2Async(string key, Func<byte[]?, bool> landed)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (!landed(await _stack.L2.GetAsync(key)) && clock.Elapsed < s_bound)
        {
            await Task.Delay(20);
        }
    }

    /// <summary>Stores the probe graph through HybridCache, then rewrites the Slim value inside HybridCache's Redis entry.</summary>
    private async Task<string> StoreThenAlterAsync(Action<Span<byte>> alter)
    {
        string key = HybridStack.NewKey("bad:");
        await _stack.Cache.SetAsync(key, ProbeGraph.Build()).AsTask().WaitAsync(s_bound);
        byte[] entry = (await _stack.L2.GetAsync(key))!;
        int length = _stack.Codec.Serialize(ProbeGraph.Build()).Length;
        int at = entry.AsSpan().IndexOf("SC\u0002"u8);
        Assert.That(at, Is.GreaterThanOrEqualTo(0), "HybridCache's entry holds the Slim value");
        alter(entry.AsSpan(at, length));
        await _stack.L2.SetAsync(key, entry, new());
        // The stack that stored it also holds it in L1: read through fresh stacks from here on, as another node would.
        _stack.Dispose();
        _stack = new HybridStack(RedisFixture.Server.Configuration, "hybrid:");
        return key;
    }

    private async Task AssertMissThenReplacedAsync(string key, SlimCacheValueProblem problem)
    {
        var factory = new CountingFactory();
        byte[] altered = (await _stack.L2.GetAsync(key))!;
        Team created = await _stack.Cache.GetOrCreateSlimAsync(key, factory.Team).AsTask().WaitAsync(s_bound);
        // Read Redis again only once the new value has replaced the bad one there; a replacement that never comes makes
        // the read below a second miss, and the factory count says so.
        await WaitForL2Async(key, entry => entry is not null && !entry.AsSpan().SequenceEqual(altered));
        Team again = await _stack.Cache.GetOrCreateAsync(key, factory.Team, HybridStack.L2Only).AsTask().WaitAsync(s_bound);

        Assert.That(factory.Calls, Is.EqualTo(1));
        GraphAssert.AreEquivalent(ProbeGraph.Build(), created);
        GraphAssert.AreEquivalent(ProbeGraph.Build(), again);
        LogEntry warning = _stack.Log.Entries.Single(x => x.EventId.Id == 8001);
        Assert.That(warning.Level, Is.EqualTo(LogLevel.Warning));
        Assert.That(warning.Message, Does.Contain($"'{key}'").And.Contain($"({problem})").And.Contain("treated as a miss"));
    }
}
