namespace NFX.Tests.GlueCluster.Support;

/// <summary>One node's implementation: counts the calls it served and can hold calls at a gate the test opens.</summary>
public sealed class ProbeService(int node) : INodeProbe
{
    private TaskCompletionSource _gate = NewGate(open: true);
    private int _served;
    private int _holding;
    private int _canceled;
    private int _holds;

    public int Node { get; } = node;

    /// <summary>Calls answered (Add and Whoami) so far.</summary>
    public int Served => Volatile.Read(ref _served);

    /// <summary>Hold calls waiting at the gate now.</summary>
    public int Holding => Volatile.Read(ref _holding);

    /// <summary>Hold calls that reached the server.</summary>
    public int Holds => Volatile.Read(ref _holds);

    /// <summary>Hold calls whose token fired.</summary>
    public int Canceled => Volatile.Read(ref _canceled);

    /// <summary>When set, Add also waits at the gate (a slow node).</summary>
    public bool SlowAdds { get; set; }

    /// <summary>Signaled each time a Hold call (or a held Add) reaches the gate.</summary>
    public SemaphoreSlim Arrived { get; } = new(0);

    public void CloseGate() => Volatile.Write(ref _gate, NewGate(open: false));

    public void OpenGate() => Volatile.Read(ref _gate).TrySetResult();

    public Task<int> Whoami()
    {
        Interlocked.Increment(ref _served);
        return Task.FromResult(Node);
    }

    public async ValueTask<int> Add(int a, int b)
    {
        if (SlowAdds)
        {
            await WaitAtGate(CancellationToken.None);
        }
        Interlocked.Increment(ref _served);
        return Node * 1_000_000 + a + b;
    }

    public async Task<int> Hold(CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref _holds);
        try
        {
            await WaitAtGate(cancellationToken);
        }
        catch (OperationCanceledException)
        {
            Interlocked.Increment(ref _canceled);
            throw;
        }
        return Node;
    }

    public Task Fail(string message) => Task.FromException(new InvalidOperationException(message));

    private async Task WaitAtGate(CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref _holding);
        Arrived.Release();
        try
        {
            await Volatile.Read(ref _gate).Task.WaitAsync(cancellationToken);
        }
        finally
        {
            Interlocked.Decrement(ref _holding);
        }
    }

    private static TaskCompletionSource NewGate(bool open)
    {
        var gate = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        if (open)
        {
            gate.SetResult();
        }
        return gate;
    }
}
