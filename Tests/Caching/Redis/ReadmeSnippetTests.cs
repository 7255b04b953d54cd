using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using NFX.Slim.Caching;
using NFX.Tests.Caching.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Caching.Redis;

/// <summary>
/// The README's cache snippet, compiled and run: the lines between the markers below are the README's code block,
/// character for character (a test compares them), so the README cannot show code that does not build.
/// </summary>
public sealed class ReadmeSnippetTests
{
    private const string Begin = "// README: cache snippet begin";
    private const string End = "// README: cache snippet end";

    [Test]
    public void Readme_CacheSnippet_IsTheCodeCompiledHere()
    {
        string root = RepositoryRoot();
        string[] compiled = Between(File.ReadAllLines(Path.Combine(root, "Tests", "Caching", "Redis", "ReadmeSnippetTests.cs")), Begin, End);
        string readme = File.ReadAllText(Path.Combine(root, "README.md")).ReplaceLineEndings("\n");
        string block = "```csharp\n" + string.Join("\n", compiled) + "\n```";
        Assert.That(compiled, Has.Length.GreaterThan(3));
        Assert.That(readme, Does.Contain(block), "README.md's cache snippet differs from the code in ReadmeSnippetTests.Snippet");
    }

    [Test]
    public async Task Readme_CacheSnippet_RunsAgainstRealHybridCacheAndRedis()
    {
        using var stack = new HybridStack(RedisFixture.Server.Configuration, "readme:");
        var services = new ServiceCollection();
        int id = Random.Shared.Next(1_000_000);

        (Order order, Order? hit) = await Snippet(services, stack.Cache, stack.L2, id);

        Assert.That(order.Id, Is.EqualTo(id));
        GraphAssert.AreEquivalent(order, hit);
        using ServiceProvider provider = services.BuildServiceProvider();
        Assert.That(provider.GetRequiredService<HybridCache>(), Is.Not.Null);
        Assert.That(provider.GetServices<IHybridCacheSerializerFactory>().Last(), Is.InstanceOf<SlimHybridCacheSerializerFactory>());
        Assert.That(provider.GetRequiredService<IDistributedCache>().GetType().Name, Does.StartWith("RedisCache"));
    }

    private static async Task<(Order, Order?)> Snippet(IServiceCollection services, HybridCache cache, IDistributedCache redis, int id)
    {
        // README: cache snippet begin
        services.AddStackExchangeRedisCache(o => o.Configuration = "localhost:6379");   // L2: Microsoft's RedisCache
        services.AddHybridCache().AddSlimSerializer();   // NFX.Slim.Caching: every cached type stored with Slim, no attributes

        // A stale, corrupt or refused value is a miss: logged once with its key, removed, and the factory runs.
        Order order = await cache.GetOrCreateSlimAsync($"order:{id}", ct => LoadOrderAsync(id, ct));

        // Any IDistributedCache, typed, with the same checked value format:
        await redis.SetSlimAsync("order:42", order, new DistributedCacheEntryOptions { SlidingExpiration = TimeSpan.FromMinutes(5) });
        Order? hit = await redis.GetSlimAsync<Order>("order:42");
        // README: cache snippet end
        return (order, hit);
    }

    private static ValueTask<Order> LoadOrderAsync(int id, CancellationToken _) =>
        ValueTask.FromResult(new Order(id, "ann") { Lines = [new OrderLine("sku", 2, 9.5m)], Placed = DateTime.UnixEpoch });

    private static string[] Between(string[] lines, string begin, string end)
    {
        int first = Array.FindIndex(lines, l => l.Trim() == begin) + 1;
        int last = Array.FindIndex(lines, l => l.Trim() == end);
        string[] block = lines[first..last];
        int indent = block.Where(l => l.Trim().Length > 0).Min(l => l.Length - l.TrimStart().Length);
        return [.. block.Select(l => l.Length >= indent ? l[indent..] : l.TrimStart())];
    }

    private static string RepositoryRoot()
    {
        DirectoryInfo? root = new(AppContext.BaseDirectory);
        while (root is not null && !File.Exists(Path.Combine(root.FullName, "NFX.Slim.sln")))
        {
            root = root.Parent;
        }
        return root?.FullName ?? throw new InvalidOperationException("The repository root (NFX.Slim.sln) is not above the test binaries.");
    }
}
