namespace NFX.Glue.Server;

/// <summary>Supplies the implementation object for each call of one hosted contract.</summary>
internal abstract class InstanceProvider
{
    /// <summary>Gets the object to call; <paramref name="scope"/> is handed back to <see cref="ReleaseAsync"/>.</summary>
    public abstract object Acquire(out object? scope);

    /// <summary>Ends the instance's use for one call (disposes per-call instances and scopes).</summary>
    public virtual ValueTask ReleaseAsync(object instance, object? scope) => default;

    public static InstanceProvider Singleton(object instance) => new SingletonProvider(instance);

    public static InstanceProvider PerCall(Func<object> factory) => new FactoryProvider(factory);

    private sealed class SingletonProvider(object instance) : InstanceProvider
    {
        public override object Acquire(out object? scope)
        {
            scope = null;
            return instance;
        }
    }

    private sealed class FactoryProvider(Func<object> factory) : InstanceProvider
    {
        public override object Acquire(out object? scope)
        {
            scope = null;
            return factory() ?? throw new InvalidOperationException("The per-call factory returned null.");
        }

        public override ValueTask ReleaseAsync(object instance, object? scope)
        {
            if (instance is IAsyncDisposable asyncDisposable)
            {
                return asyncDisposable.DisposeAsync();
            }
            (instance as IDisposable)?.Dispose();
            return default;
        }
    }
}
