using NFX.Perf.Cache;
using System.Diagnostics;
using NFX.Tests.CacheProbe;
using NFX.Tests.Caching.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Caching.Redis;

/// <summary>
/// Redis goes away mid-run (its process killed by PID) and comes back on the same port: HybridCache callers keep
/// getting values from the factory within a bound, and values reach Redis again once it is back. Own server, so the
/// other tests' Redis is never touched.
/// </summary>
[NonParallelizable]
public sealed class RedisOutageTests
{
    /// <summary>The longest any single call may take while Redis is down (the client's timeouts are 2-3 s).</summary>
    private static readonly TimeSpan s_callBound = TimeSpan.FromSeconds(20);
    private static readonly TimeSpan s_recoveryBound = TimeSpan.FromSeconds(60);

    [Test]
    public async Task RedisKilledThenRestarted_CallersGetValuesThroughoutAndRedisIsUsedAgain()
    {
        RedisServer server = RedisServer.Start();
        int port = server.Port;
        try
        {
            string configuration = $"127.0.0.1:{port},connectTimeout=2000,syncTimeout=3000,asyncTimeout=3000,abortConnect=false,connectRetry=1";
            using var stack = new HybridStack(configuration, "outage:");
            var factory = new CountingFactory();
            string before = HybridStack.NewKey("before:");
            await stack.Cache.GetOrCreateAsync(before, factory.Team, HybridStack.L2Only).AsTask().WaitAsync(s_callBound);
            // HybridCache writes L2 in the background: wait (bounded) for the entry.
            var written = Stopwatch.StartNew();
            while (await stack.L2.GetAsync(before) is null && written.Elapsed < s_callBound)
            {
                await Task.Delay(20);
            }
            Assert.That(await stack.L2.GetAsync(before), Is.Not.Null, "stored in Redis while it was up");

            server.Kill();

            for (int i = 0; i < 3; i++)
            {
                var clock = Stopwatch.StartNew();
                Team value = await stack.Cache.GetOrCreateAsync(HybridStack.NewKey("down:"), factory.Team, HybridStack.L2Only)
                    .AsTask().WaitAsync(s_callBound);
                GraphAssert.AreEquivalent(ProbeGraph.Build(), value);
                TestContext.Out.WriteLine($"call {i} with Redis down: {clock.ElapsedMilliseconds} ms");
            }
            Assert.That(factory.Calls, Is.EqualTo(4), "every call while Redis was down ran the factory");

            server.Dispose();
            server = RedisServer.Start(port);

            // The client reconnects on its own; a value created after that is in the new Redis.
            var recovery = Stopwatch.StartNew();
            string after = "";
            bool stored = false;
            while (!stored && recovery.Elapsed < s_recoveryBound)
            {
                after = HybridStack.NewKey("after:");
                await stack.Cache.GetOrCreateAsync(after, factory.Team, HybridStack.L2Only).AsTask().WaitAsync(s_callBound);
                stored = await server.Connection.GetDatabase().KeyExistsAsync("outage:" + after);
                if (!stored)
                {
                    await Task.Delay(250);
                }
            }
            Assert.That(stored, Is.True, $"no value reached the restarted Redis within {s_recoveryBound.TotalSeconds} s");
            int calls = factory.Calls;
            Team hit = await stack.Cache.GetOrCreateAsync(after, factory.Team, HybridStack.L2Only).AsTask().WaitAsync(s_callBound);
            Assert.That(factory.Calls, Is.EqualTo(calls), "read back from the restarted Redis");
            GraphAssert.AreEquivalent(ProbeGraph.Build(), hit);
        }
        finally
        {
            server.Dispose();
        }
    }
}
