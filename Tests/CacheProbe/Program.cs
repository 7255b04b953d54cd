using NFX.Slim.Caching;
using NFX.Slim.Caching.Redis;

namespace NFX.Tests.CacheProbe;

/// <summary>
/// <c>write HOST PORT KEY</c>: stores <see cref="ProbeGraph.Build"/> under KEY.
/// <c>copy HOST PORT FROM TO</c>: reads the graph under FROM and stores what it read under TO.
/// NFX_PROBE_REDIS_OPTIONS, when set, is appended to the connection string (the tests pass their timeouts).
/// Exit codes: 0 done, 2 bad arguments, 3 FROM held no valid value.
/// </summary>
public static class Program
{
    public static async Task<int> Main(string[] args)
    {
        if (args.Length < 4 || !int.TryParse(args[2], out int port))
        {
            await Console.Error.WriteLineAsync("usage: write HOST PORT KEY | copy HOST PORT FROM TO");
            return 2;
        }
        string extra = Environment.GetEnvironmentVariable("NFX_PROBE_REDIS_OPTIONS") is { Length: > 0 } options ? "," + options : "";
        using var cache = new RedisDistributedCache(new RedisDistributedCacheOptions { Configuration = $"{args[1]}:{port}{extra}" });
        switch (args[0])
        {
            case "write":
                await cache.SetAsync(args[3], ProbeGraph.Build());
                return 0;
            case "copy" when args.Length == 5:
                SlimCacheResult<Team> read = await cache.TryGetAsync<Team>(args[3]);
                if (!read.Found)
                {
                    await Console.Error.WriteLineAsync($"no valid Team under '{args[3]}'");
                    return 3;
                }
                await cache.SetAsync(args[4], read.Value);
                return 0;
            default:
                await Console.Error.WriteLineAsync($"unknown command '{args[0]}'");
                return 2;
        }
    }
}
