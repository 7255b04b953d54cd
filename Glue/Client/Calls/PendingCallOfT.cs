using System.Threading.Tasks.Sources;

namespace NFX.Glue.Client.Calls;

/// <summary>
/// A pending call completed through <see cref="ManualResetValueTaskSourceCore{TResult}"/>: the awaiting proxy gets a
/// ValueTask backed by this object, with no TaskCompletionSource or Task of its own on the ValueTask paths.
/// </summary>
internal sealed class PendingCall<TResult> : PendingCall, IValueTaskSource<TResult>, IValueTaskSource
{
    private readonly bool _pooled;

    // Continuations run on the thread pool, never inline: the reader loop completes calls, and a caller's
    // continuation run there would hold up every other call's answers behind user code.
    private ManualResetValueTaskSourceCore<TResult> _core = new() { RunContinuationsAsynchronously = true };

    /// <summary>A call that is not recycled (Bind, Ping).</summary>
    public PendingCall()
    {
    }

    /// <summary>A call from <see cref="PendingCallPool{TResult}"/>: recycled once its result has been taken.</summary>
    public PendingCall(bool pooled) => _pooled = pooled;

    public ValueTask<TResult> AsValueTask() => new(this, _core.Version);

    public ValueTask AsVoidValueTask() => new(this, _core.Version);

    protected override void SetResultCore(object? value)
    {
        if (typeof(TResult) == typeof(VoidResult))
        {
            _core.SetResult(default!);
        }
        else if (value is TResult typed)
        {
            _core.SetResult(typed);
        }
        else if (value is null && default(TResult) is null)
        {
            _core.SetResult(default!);
        }
        else
        {
            _core.SetException(new GlueSerializationException(
                $"The result is a {value?.GetType().FullName ?? "null"}, not the {typeof(TResult).FullName} the contract declares."));
        }
    }

    /// <summary>Completes with a value of the right type (Bind answers).</summary>
    public void SetTypedResult(TResult value) => _core.SetResult(value);

    protected override void SetExceptionCore(Exception error) => _core.SetException(error);

    public TResult GetResult(short token)
    {
        try
        {
            return _core.GetResult(token);
        }
        finally
        {
            Recycle();
        }
    }

    void IValueTaskSource.GetResult(short token) => GetResult(token);

    public ValueTaskSourceStatus GetStatus(short token) => _core.GetStatus(token);

    /// <summary>
    /// Back to the pool once the awaiter has the result (a ValueTask is consumed once). Only a finished call gets
    /// here, and nothing but a stale queued frame (checked by generation) still refers to it.
    /// </summary>
    private void Recycle()
    {
        if (!_pooled)
        {
            return;
        }
        ResetForReuse();
        _core.Reset();
        PendingCallPool<TResult>.Return(this);
    }

    public void OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
        _core.OnCompleted(continuation, state, token, flags);
}
