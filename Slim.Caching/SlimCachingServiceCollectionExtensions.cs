using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace NFX.Slim.Caching;

/// <summary>Registers the Slim cache codec with dependency injection (the HybridCache serializer: <see cref="SlimHybridCacheBuilderExtensions"/>).</summary>
public static class SlimCachingServiceCollectionExtensions
{
    /// <summary>
    /// Registers a singleton <see cref="SlimCacheCodec"/> built from <c>IOptions&lt;SlimCacheOptions&gt;</c> (with
    /// <paramref name="configure"/> applied), logging to <c>ILogger&lt;SlimCacheCodec&gt;</c> when logging is
    /// registered. For the typed <c>IDistributedCache</c> helpers too. One codec per provider, whoever registers first.
    /// </summary>
    public static IServiceCollection AddSlimCacheCodec(this IServiceCollection services, Action<SlimCacheOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.AddOptions<SlimCacheOptions>();
        if (configure is not null)
        {
            services.Configure(configure);
        }
        services.TryAddSingleton(provider => new SlimCacheCodec(
            provider.GetRequiredService<IOptions<SlimCacheOptions>>().Value,
            provider.GetService<ILoggerFactory>()?.CreateLogger<SlimCacheCodec>()));
        return services;
    }
}
