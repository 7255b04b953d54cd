using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using NFX.Slim.Caching;

namespace NFX.Tests.CacheProbe;

/// <summary>
/// The other process of the cache tests, built as an application builds its cache: HybridCache with Slim as the
/// serializer over Microsoft's RedisCache (StackExchange.Redis 3.x).
/// <c>write HOST PORT KEY</c>: stores <see cref="ProbeGraph.Build"/> under KEY with the typed IDistributedCache helper.
/// <c>copy HOST PORT FROM TO</c>: reads the graph under FROM with the typed helper and stores what it read under TO.
/// <c>hybrid-create HOST PORT KEY</c>: HybridCache.GetOrCreateAsync(KEY) whose factory builds the graph, then exits.
/// NFX_PROBE_REDIS_OPTIONS, when set, is appended to the connection string (the tests pass their timeouts).
/// Exit codes: 0 done, 2 bad arguments, 3 FROM held no valid value, 4 the factory did not run.
/// </summary>
public static class Program
{
    public static async Task<int> Main(string[] args)
    {
        if (args.Length < 4 || !int.TryParse(args[2], out int port))
        {
            await Console.Error.WriteLineAsync("usage: write HOST PORT KEY | copy HOST PORT FROM TO | hybrid-create HOST PORT KEY");
            return 2;
        }
        string extra = Environment.GetEnvironmentVariable("NFX_PROBE_REDIS_OPTIONS") is { Length: > 0 } options ? "," + options : "";
        var services = new ServiceCollection();
        services.AddStackExchangeRedisCache(o => o.Configuration = $"{args[1]}:{port}{extra}");
        services.AddHybridCache().AddSlimSerializer();
        await using ServiceProvider provider = services.BuildServiceProvider();
        IDistributedCache redis = provider.GetRequiredService<IDistributedCache>();
        switch (args[0])
        {
            case "write":
                await redis.SetSlimAsync(args[3], ProbeGraph.Build());
                return 0;
            case "copy" when args.Length == 5:
                SlimCacheResult<Team> read = await redis.TryGetSlimAsync<Team>(args[3]);
                if (!read.Found)
                {
                    await Console.Error.WriteLineAsync($"no valid Team under '{args[3]}'");
                    return 3;
                }
                await redis.SetSlimAsync(args[4], read.Value);
                return 0;
            case "hybrid-create":
                bool created = false;
                await provider.GetRequiredService<HybridCache>().GetOrCreateAsync(args[3], _ =>
                {
                    created = true;
                    return ValueTask.FromResult(ProbeGraph.Build());
                });
                return created ? 0 : 4;
            default:
                await Console.Error.WriteLineAsync($"unknown command '{args[0]}'");
                return 2;
        }
    }
}
