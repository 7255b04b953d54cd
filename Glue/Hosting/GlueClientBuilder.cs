using System.Diagnostics.CodeAnalysis;
using Microsoft.Extensions.DependencyInjection;

namespace NFX.Glue.Hosting;

/// <summary>Registers the contracts whose proxies a DI-registered <see cref="GlueClient"/> hands out; returned by <c>AddGlueClient</c>.</summary>
public sealed class GlueClientBuilder
{
    internal GlueClientBuilder(IServiceCollection services) => Services = services;

    /// <summary>The service collection the client was added to.</summary>
    public IServiceCollection Services { get; }

    /// <summary>
    /// Registers <typeparamref name="TContract"/> as a singleton: the client's proxy (<see cref="GlueClient.GetProxy{TContract}()"/>),
    /// thread-safe, with the client's default deadline, or <paramref name="deadline"/> when given. Inject
    /// <typeparamref name="TContract"/> where the calls are made.
    /// </summary>
    /// <exception cref="GlueContractException">The interface is not a valid contract (when the proxy is first resolved).</exception>
    public GlueClientBuilder AddProxy<[DynamicallyAccessedMembers(Contracts.ContractDescriptor.Reflected)] TContract>(TimeSpan? deadline = null)
        where TContract : class
    {
        Services.AddSingleton(sp =>
        {
            GlueClient client = sp.GetRequiredService<GlueClient>();
            return deadline is TimeSpan chosen ? client.GetProxy<TContract>(chosen) : client.GetProxy<TContract>();
        });
        return this;
    }
}
