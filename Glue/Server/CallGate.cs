namespace NFX.Glue.Server;

/// <summary>
/// The in-flight slots of one server connection: calls take one as they are dispatched and give it back once answered.
/// Taking and returning are one interlocked operation each; only the reader loop ever waits for a slot (backpressure),
/// and it alone allocates what it waits on, only when every slot is taken.
/// </summary>
internal sealed class CallGate(int slots)
{
    private int _free = slots;
    private TaskCompletionSource? _waiter;

    /// <summary>Takes a slot if one is free.</summary>
    public bool TryTake()
    {
        int free = Volatile.Read(ref _free);
        while (free > 0)
        {
            int seen = Interlocked.CompareExchange(ref _free, free - 1, free);
            if (seen == free)
            {
                return true;
            }
            free = seen;
        }
        return false;
    }

    /// <summary>Waits until a slot is free and takes it (the reader loop only: one waiter at a time).</summary>
    public async ValueTask TakeAsync(CancellationToken cancellationToken)
    {
        while (!TryTake())
        {
            // Continuations run asynchronously: the releasing thread is a call's, which must not run the reader loop.
            var waiter = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            // Published before the count is read again, and Release reads the waiter after its increment: one of the
            // two sees the other, so a slot freed in between is never missed.
            Interlocked.Exchange(ref _waiter, waiter);
            if (TryTake())
            {
                Interlocked.CompareExchange(ref _waiter, null, waiter);
                return;
            }
            await waiter.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Gives a slot back, waking the reader loop if it waits for one.</summary>
    public void Release()
    {
        Interlocked.Increment(ref _free);
        if (Volatile.Read(ref _waiter) is not null)
        {
            Interlocked.Exchange(ref _waiter, null)?.TrySetResult();
        }
    }
}
