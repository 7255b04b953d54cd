using Microsoft.Extensions.DependencyInjection;
using Orleans.Serialization;
using Orleans.Serialization.Cloning;
using Orleans.Serialization.Serializers;
using Orleans.Serialization.Utilities.Internal;

namespace NFX.Slim.Orleans;

/// <summary>Registers Slim in Orleans' serializer, beside (and with the same shape as) Orleans' <c>AddJsonSerializer</c>.</summary>
public static class SlimSerializerBuilderExtensions
{
    private static readonly ServiceDescriptor s_registered = new(typeof(SlimCodec), typeof(SlimCodec), ServiceLifetime.Singleton);

    /// <summary>
    /// Makes Slim the codec and copier of the types <paramref name="isSupported"/> accepts, when Orleans has no generated
    /// codec for them (generated codecs keep priority). Call it on the silo's and the client's builder alike:
    /// <c>siloBuilder.Services.AddSerializer(s =&gt; s.AddSlimSerializer(t =&gt; t.Namespace == "MyApp.Contracts", o =&gt; o.AllowedNamespaces.Add("MyApp.Contracts")))</c>.
    /// </summary>
    /// <param name="builder">Orleans' serializer builder.</param>
    /// <param name="isSupported">Which types Slim serializes and copies; null adds none (only the settings). The codec never carries a type it rejects.</param>
    /// <param name="configure">Slim's settings: above all, which types bytes from other nodes may contain (<see cref="SlimOrleansOptions"/>).</param>
    public static ISerializerBuilder AddSlimSerializer(this ISerializerBuilder builder, Func<Type, bool>? isSupported, Action<SlimOrleansOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        IServiceCollection services = builder.Services;
        OptionsBuilderOf(services, configure);
        if (isSupported is not null)
        {
            services.AddSingleton<ICodecSelector>(new DelegateCodecSelector { CodecName = SlimCodec.WellKnownAlias, IsSupportedTypeDelegate = isSupported });
            services.AddSingleton<ICopierSelector>(new DelegateCopierSelector { CopierName = SlimCodec.WellKnownAlias, IsSupportedTypeDelegate = isSupported });
        }
        if (!services.Contains(s_registered))
        {
            services.Add(s_registered);
            services.AddFromExisting<IGeneralizedCodec, SlimCodec>();
            services.AddFromExisting<IGeneralizedCopier, SlimCodec>();
            services.AddFromExisting<ITypeFilter, SlimCodec>();
            builder.Configure(options => options.WellKnownTypeAliases[SlimCodec.WellKnownAlias] = typeof(SlimCodec));
        }
        return builder;
    }

    /// <summary>
    /// Makes Slim the fallback for every type without a generated codec: unannotated DTOs, third-party types and
    /// exceptions outside the <c>System</c>/<c>Microsoft</c>/<c>Azure</c> namespaces (which Orleans' exception codec
    /// carries without their own properties). Orleans' generated and built-in codecs keep priority. What may be read is
    /// still Slim's policy plus <paramref name="configure"/>'s settings.
    /// </summary>
    /// <param name="builder">Orleans' serializer builder.</param>
    /// <param name="configure">Slim's settings (<see cref="SlimOrleansOptions"/>).</param>
    public static ISerializerBuilder AddSlimSerializer(this ISerializerBuilder builder, Action<SlimOrleansOptions>? configure = null) =>
        builder.AddSlimSerializer(IsFallbackType, configure);

    /// <summary>The types the fallback form takes: concrete classes and structs that are not delegates or pointers.</summary>
    internal static bool IsFallbackType(Type type) =>
        !type.IsAbstract && !type.IsInterface && !type.IsPointer && !type.IsByRef && !type.ContainsGenericParameters &&
        !typeof(Delegate).IsAssignableFrom(type);

    private static void OptionsBuilderOf(IServiceCollection services, Action<SlimOrleansOptions>? configure)
    {
        var options = services.AddOptions<SlimOrleansOptions>();
        if (configure is not null)
        {
            options.Configure(configure);
        }
    }
}
