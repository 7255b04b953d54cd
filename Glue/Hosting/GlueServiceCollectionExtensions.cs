using Microsoft.Extensions.DependencyInjection;
using NFX.Glue.Hosting;

namespace NFX.Glue;

/// <summary>Adds a Glue server to a service collection; it starts and stops with the generic host.</summary>
public static class GlueServiceCollectionExtensions
{
    /// <summary>
    /// Registers a <see cref="GlueServer"/> (singleton) and a hosted service that starts it with the host. Add the
    /// contracts to serve on the returned builder.
    /// </summary>
    /// <example>
    /// <code>
    /// services.AddGlueServer(new GlueServerOptions { EndPoint = new IPEndPoint(IPAddress.Any, 5005) })
    ///         .AddService&lt;ICalculator, Calculator&gt;(GlueInstanceMode.PerCall);
    /// </code>
    /// </example>
    public static GlueServerBuilder AddGlueServer(this IServiceCollection services, GlueServerOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        return services.AddGlueServer(_ => options);
    }

    /// <summary>Same as <see cref="AddGlueServer(IServiceCollection, GlueServerOptions)"/>, with options made from the container.</summary>
    public static GlueServerBuilder AddGlueServer(this IServiceCollection services, Func<IServiceProvider, GlueServerOptions> options)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(options);
        if (services.Any(d => d.ServiceType == typeof(GlueServer)))
        {
            throw new InvalidOperationException("A Glue server is already registered in this service collection.");
        }
        var builder = new GlueServerBuilder(services);
        services.AddSingleton(sp => builder.Build(sp, options(sp)));
        services.AddHostedService<GlueHostedService>();
        return builder;
    }
}
