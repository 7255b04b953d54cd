namespace NFX.Perf.Rpc.Streaming;

/// <summary>One framework's server-streaming client: consumes a whole stream and checks what arrived.</summary>
public abstract class StreamContender : IAsyncDisposable
{
    /// <summary>The row label.</summary>
    public abstract string Name { get; }

    /// <summary>How the contender is set up, for the report.</summary>
    public abstract string Notes { get; }

    /// <summary>Connects to the servers (already running).</summary>
    public abstract Task ConnectAsync(RpcPorts ports);

    /// <summary>Makes one streaming call of <paramref name="count"/> items and consumes it; returns the items received, checked.</summary>
    public abstract Task<long> ConsumeAsync(StreamWorkload workload, int count);

    /// <inheritdoc/>
    public abstract ValueTask DisposeAsync();
}
