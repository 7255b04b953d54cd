namespace NFX.Glue.Client.Calls;

/// <summary>
/// Recycled <see cref="PendingCall{TResult}"/> objects of one result type, shared by all connections (like
/// <c>ArrayPool&lt;T&gt;.Shared</c>: its state is invisible to callers). A call goes back once its ValueTask has been
/// consumed; frames still queued for an older use of the object are recognized by its generation and dropped.
/// </summary>
internal static class PendingCallPool<TResult>
{
    // Enough for the default in-flight cap of a few busy connections; beyond it, calls are simply allocated.
    private const int MaxRetained = 1024;

    private static readonly Stack<PendingCall<TResult>> s_free = new();
    private static readonly Lock s_lock = new();

    // A caller that awaits a call and then makes the next one returns the object and rents it again on the same thread:
    // one object per thread is kept out of the shared stack, so that loop touches no lock shared with other callers.
    [ThreadStatic]
    private static PendingCall<TResult>? t_cached;

    public static PendingCall<TResult> Rent()
    {
        PendingCall<TResult>? call = t_cached;
        if (call is not null)
        {
            t_cached = null;
            return call;
        }
        lock (s_lock)
        {
            if (s_free.TryPop(out call))
            {
                return call;
            }
        }
        return new PendingCall<TResult>(pooled: true);
    }

    public static void Return(PendingCall<TResult> call)
    {
        if (t_cached is null)
        {
            t_cached = call;
            return;
        }
        lock (s_lock)
        {
            if (s_free.Count < MaxRetained)
            {
                s_free.Push(call);
            }
        }
    }
}
