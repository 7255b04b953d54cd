using System.Diagnostics.CodeAnalysis;
using System.Net;
using Microsoft.Extensions.DependencyInjection;
using NFX.Glue.Hosting;

namespace NFX.Glue;

/// <summary>
/// Adds a Glue server to a service collection (it starts and stops with the generic host), or a Glue client and its
/// proxies (the container disposes the client, closing its connections).
/// </summary>
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

    /// <summary>
    /// Registers a <see cref="GlueClient"/> (singleton, connecting on its first call) for the servers at
    /// <paramref name="endPoint"/> and <typeparamref name="TContract"/> as its proxy, so a class that takes
    /// <typeparamref name="TContract"/> in its constructor calls the server. More contracts on the same client:
    /// <c>.AddProxy&lt;IOther&gt;()</c> on the returned builder.
    /// </summary>
    /// <example>
    /// <code>
    /// services.AddGlueClient&lt;IInventory&gt;(new IPEndPoint(IPAddress.Parse("10.0.0.5"), 5005), new GlueClientOptions { AuthToken = secret })
    ///         .AddProxy&lt;IAudit&gt;();
    /// </code>
    /// </example>
    /// <exception cref="InvalidOperationException">A Glue client is already registered in this service collection.</exception>
    public static GlueClientBuilder AddGlueClient<[DynamicallyAccessedMembers(Contracts.ContractDescriptor.Reflected)] TContract>(this IServiceCollection services, EndPoint endPoint, GlueClientOptions? options = null)
        where TContract : class
    {
        ArgumentNullException.ThrowIfNull(endPoint);
        GlueClientOptions chosen = options ?? new GlueClientOptions();
        return services.AddGlueClient(sp => new GlueClient(endPoint, chosen with
        {
            // The host's logging and metrics unless the options name their own.
            LoggerFactory = chosen.LoggerFactory ?? sp.GetService<Microsoft.Extensions.Logging.ILoggerFactory>(),
            MeterFactory = chosen.MeterFactory ?? sp.GetService<System.Diagnostics.Metrics.IMeterFactory>(),
        })).AddProxy<TContract>();
    }

    /// <summary>
    /// Registers the <see cref="GlueClient"/> <paramref name="factory"/> makes (singleton; for endpoints from a provider,
    /// or options from the container). Add the contracts with <c>AddProxy</c> on the returned builder.
    /// </summary>
    /// <exception cref="InvalidOperationException">A Glue client is already registered in this service collection.</exception>
    public static GlueClientBuilder AddGlueClient(this IServiceCollection services, Func<IServiceProvider, GlueClient> factory)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(factory);
        if (services.Any(d => d.ServiceType == typeof(GlueClient)))
        {
            throw new InvalidOperationException(
                "A Glue client is already registered in this service collection: add more contracts with AddProxy<TContract>() on it.");
        }
        services.AddSingleton(factory);
        return new GlueClientBuilder(services);
    }
}
