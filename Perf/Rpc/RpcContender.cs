namespace NFX.Perf.Rpc;

/// <summary>An RPC stack in the benchmark: connects to its server and makes the three workloads' calls.</summary>
public abstract class RpcContender : IAsyncDisposable
{
    /// <summary>The row label.</summary>
    public abstract string Name { get; }

    /// <summary>How it is set up (the report's notes).</summary>
    public abstract string Notes { get; }

    /// <summary>Why it cannot run here at all (n/a), or null.</summary>
    public virtual string? Unavailable => null;

    /// <summary>False when it carries one message at a time by design (the raw baseline): no many-in-flight row.</summary>
    public virtual bool SupportsConcurrency => true;

    /// <summary>Why it does not run <paramref name="workload"/> (n/a), or null.</summary>
    public virtual string? CannotRun(RpcWorkload workload) => null;

    /// <summary>Connects to its server.</summary>
    public abstract Task ConnectAsync(RpcPorts ports);

    /// <summary>The call of <paramref name="workload"/>.</summary>
    public abstract RpcCaller Caller(RpcWorkload workload);

    /// <inheritdoc/>
    public virtual ValueTask DisposeAsync() => default;
}
