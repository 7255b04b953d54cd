using System.Diagnostics.CodeAnalysis;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using NFX.Glue.Server;

namespace NFX.Glue.Hosting;

/// <summary>Registers the contracts a DI-hosted <see cref="GlueServer"/> serves; returned by <c>AddGlueServer</c>.</summary>
public sealed class GlueServerBuilder
{
    private readonly List<(Contracts.ContractDescriptor Contract, Func<IServiceProvider, InstanceProvider> Provider)> _services = new();

    internal GlueServerBuilder(IServiceCollection services) => Services = services;

    /// <summary>The service collection the server was added to.</summary>
    public IServiceCollection Services { get; }

    /// <summary>
    /// Serves <typeparamref name="TContract"/> with <typeparamref name="TImplementation"/> resolved from DI: one instance
    /// for the server's life (<see cref="GlueInstanceMode.Singleton"/>, registered as a singleton, like
    /// <c>AddSingleton</c>; the equivalent of <c>GlueServer.Host(instance)</c>) or one per call from a new scope
    /// (<see cref="GlueInstanceMode.PerCall"/>, registered as scoped, like <c>AddScoped</c>: state in fields does not
    /// survive between calls), unless you registered it yourself.
    /// </summary>
    /// <param name="mode">
    /// The lifetime, required because the two differ in what users see: a stateful service keeps its state only as a
    /// singleton.
    /// </param>
    /// <exception cref="GlueContractException">The interface is not a valid contract.</exception>
    public GlueServerBuilder AddService<[DynamicallyAccessedMembers(Contracts.ContractDescriptor.Reflected)] TContract,
        [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] TImplementation>(GlueInstanceMode mode)
        where TContract : class
        where TImplementation : class, TContract
    {
        Contracts.ContractDescriptor contract = Contracts.ContractDescriptor.For(typeof(TContract));
        if (mode == GlueInstanceMode.Singleton)
        {
            Services.TryAddSingleton<TImplementation>();
            _services.Add((contract, sp => InstanceProvider.Singleton(sp.GetRequiredService<TImplementation>())));
        }
        else
        {
            Services.TryAddScoped<TImplementation>();
            _services.Add((contract, sp => new ScopedInstanceProvider(sp.GetRequiredService<IServiceScopeFactory>(), typeof(TImplementation))));
        }
        return this;
    }

    /// <summary>Serves <typeparamref name="TContract"/> with one thread-safe <paramref name="instance"/>.</summary>
    /// <exception cref="GlueContractException">The interface is not a valid contract.</exception>
    public GlueServerBuilder AddService<[DynamicallyAccessedMembers(Contracts.ContractDescriptor.Reflected)] TContract>(TContract instance) where TContract : class
    {
        ArgumentNullException.ThrowIfNull(instance);
        Contracts.ContractDescriptor contract = Contracts.ContractDescriptor.For(typeof(TContract));
        _services.Add((contract, _ => InstanceProvider.Singleton(instance)));
        return this;
    }

    internal GlueServer Build(IServiceProvider services, GlueServerOptions options)
    {
        // The host's logging and metrics unless the options name their own.
        options = options with
        {
            LoggerFactory = options.LoggerFactory ?? services.GetService<Microsoft.Extensions.Logging.ILoggerFactory>(),
            MeterFactory = options.MeterFactory ?? services.GetService<System.Diagnostics.Metrics.IMeterFactory>(),
        };
        var server = new GlueServer(options);
        foreach ((Contracts.ContractDescriptor contract, Func<IServiceProvider, InstanceProvider> provider) in _services)
        {
            server.Host(contract, provider(services));
        }
        return server;
    }
}
