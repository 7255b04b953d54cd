namespace NFX.Tests.RetryProbe;

/// <summary>
/// Counts each execution (and reports it through <c>report</c> before doing anything else, so a process killed
/// mid-call has already told its parent), then waits at a gate while the service holds, then answers.
/// </summary>
public sealed class RetryProbeService(Action<string>? report = null) : IRetryProbe
{
    private TaskCompletionSource _gate = NewGate(open: true);
    private int _charges;
    private int _lookups;

    /// <summary>Executions of Charge.</summary>
    public int Charges => Volatile.Read(ref _charges);

    /// <summary>Executions of Lookup.</summary>
    public int Lookups => Volatile.Read(ref _lookups);

    /// <summary>Signaled each time a call starts running.</summary>
    public SemaphoreSlim Arrived { get; } = new(0);

    /// <summary>From now on calls wait until <see cref="Release"/>.</summary>
    public void HoldCalls() => Volatile.Write(ref _gate, NewGate(open: false));

    public void Release() => Volatile.Read(ref _gate).TrySetResult();

    public Task<int> Charge(int id) => RunAsync(ref _charges, "charge", id);

    public Task<int> Lookup(int id) => RunAsync(ref _lookups, "lookup", id);

    private Task<int> RunAsync(ref int counter, string what, int id)
    {
        Interlocked.Increment(ref counter);
        report?.Invoke($"run {what} {id}");
        Arrived.Release();
        return AnswerAsync(Volatile.Read(ref _gate).Task, id);
    }

    private static async Task<int> AnswerAsync(Task gate, int id)
    {
        await gate.ConfigureAwait(false);
        return id * 10;
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
