using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using NFX.Slim.Caching;

namespace Apiculture;

/// <summary>HybridCache with Slim registered, as an app sets it up: the model set and read back through the cache.</summary>
internal static class Cache
{
    /// <summary>A container with HybridCache storing every type with Slim, under the sample's serializer options.</summary>
    public static ServiceProvider Services()
    {
        var services = new ServiceCollection();
        services.AddHybridCache().AddSlimSerializer(options => options.Serializer = Messages.Options);
        return services.BuildServiceProvider();
    }

    /// <summary>Sets the apiary, reads it back (a miss would run the factory: a failure) and checks it whole.</summary>
    public static async Task<List<string>> SetAndGet(IServiceProvider services)
    {
        HybridCache cache = services.GetRequiredService<HybridCache>();
        Apiary original = Model.Build();
        await cache.SetAsync("apiary:lindenhof", original);
        bool missed = false;
        Apiary cached = await cache.GetOrCreateSlimAsync("apiary:lindenhof", _ =>
        {
            missed = true;
            return ValueTask.FromResult(Model.Build());
        });
        var failures = new List<string>(Model.Check("cache get", cached, original));
        if (missed)
        {
            failures.Add("cache get: the value set was not found (the factory ran)");
        }
        return failures;
    }
}
