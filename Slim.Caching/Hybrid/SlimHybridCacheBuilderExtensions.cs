using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace NFX.Slim.Caching;

/// <summary>
/// Plugs Slim into HybridCache the way its own serializers are added:
/// <c>services.AddHybridCache().AddSlimSerializer()</c>. The options come through the Options pattern
/// (<see cref="SlimCacheOptions"/>: the delegate here, or <c>services.Configure&lt;SlimCacheOptions&gt;</c>).
/// </summary>
public static class SlimHybridCacheBuilderExtensions
{
    /// <summary>
    /// Stores every cached type with Slim (no attributes): registers the codec (see
    /// <see cref="SlimCachingServiceCollectionExtensions.AddSlimCacheCodec"/>) and
    /// <see cref="SlimHybridCacheSerializerFactory"/>. Serializers registered for one type
    /// (<c>AddSerializer&lt;T&gt;</c>) still take precedence, as HybridCache always does. Calling it twice registers once.
    /// </summary>
    public static IHybridCacheBuilder AddSlimSerializer(this IHybridCacheBuilder builder, Action<SlimCacheOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Services.AddSlimCacheCodec(configure);
        builder.Services.TryAddEnumerable(ServiceDescriptor.Singleton<IHybridCacheSerializerFactory, SlimHybridCacheSerializerFactory>(
            provider => new SlimHybridCacheSerializerFactory(provider.GetRequiredService<SlimCacheCodec>())));
        return builder;
    }

    /// <summary>
    /// Stores <typeparamref name="T"/> only with Slim, leaving every other type to the serializers already configured
    /// (System.Text.Json by default): for the types JSON cannot store, like cyclic or polymorphic graphs.
    /// </summary>
    public static IHybridCacheBuilder AddSlimSerializer<T>(this IHybridCacheBuilder builder, Action<SlimCacheOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Services.AddSlimCacheCodec(configure);
        builder.Services.TryAddSingleton<IHybridCacheSerializer<T>>(
            provider => new SlimHybridCacheSerializer<T>(provider.GetRequiredService<SlimCacheCodec>()));
        return builder;
    }
}
