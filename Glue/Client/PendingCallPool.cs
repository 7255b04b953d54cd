namespace NFX.Glue.Client;

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

    public static PendingCall<TResult> Rent()
    {
        lock (s_free)
        {
            if (s_free.TryPop(out PendingCall<TResult>? call))
            {
                return call;
            }
        }
        return new PendingCall<TResult>(pooled: true);
    }

    public static void Return(PendingCall<TResult> call)
    {
        lock (s_free)
        {
            if (s_free.Count < MaxRetained)
            {
                s_free.Push(call);
            }
        }
    }
}
