using Microsoft.Extensions.DependencyInjection;
using NFX.Glue.Server;

namespace NFX.Glue.Hosting;

/// <summary>Per-call instances from DI: a new scope per call, disposed (with what it created) when the call ends.</summary>
internal sealed class ScopedInstanceProvider(IServiceScopeFactory scopes, Type implementation) : InstanceProvider
{
    public override object Acquire(out object? scope)
    {
        AsyncServiceScope created = scopes.CreateAsyncScope();
        try
        {
            object instance = created.ServiceProvider.GetRequiredService(implementation);
            scope = created;
            return instance;
        }
        catch
        {
            created.Dispose();
            throw;
        }
    }

    public override ValueTask ReleaseAsync(object instance, object? scope) => ((AsyncServiceScope)scope!).DisposeAsync();
}
