using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;

namespace NFX.Slim.Caching;

/// <summary>Registers the Slim cache adapters with dependency injection.</summary>
public static class SlimCachingServiceCollectionExtensions
{
    /// <summary>
    /// Registers a singleton <see cref="SlimCacheCodec"/> (logging to <c>ILogger&lt;SlimCacheCodec&gt;</c> when logging
    /// is registered), for the typed <c>IDistributedCache</c> helpers. The first registration wins.
    /// </summary>
    public static IServiceCollection AddSlimCacheCodec(this IServiceCollection services, SlimCacheOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.TryAddSingleton(provider => new SlimCacheCodec(
            options ?? SlimCacheOptions.Default, provider.GetService<ILoggerFactory>()?.CreateLogger<SlimCacheCodec>()));
        return services;
    }

    /// <summary>
    /// Makes HybridCache store every type with Slim: registers the codec (see <see cref="AddSlimCacheCodec"/>) and
    /// <see cref="SlimHybridCacheSerializerFactory"/> as an <see cref="IHybridCacheSerializerFactory"/>, which is what
    /// <c>services.AddHybridCache().AddSerializerFactory&lt;SlimHybridCacheSerializerFactory&gt;()</c> does with the
    /// Microsoft.Extensions.Caching.Hybrid package. Calling it twice registers the factory once.
    /// </summary>
    public static IServiceCollection AddSlimHybridCacheSerializer(this IServiceCollection services, SlimCacheOptions? options = null)
    {
        services.AddSlimCacheCodec(options);
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHybridCacheSerializerFactory, SlimHybridCacheSerializerFactory>(
            provider => new SlimHybridCacheSerializerFactory(provider.GetRequiredService<SlimCacheCodec>())));
        return services;
    }
}
