using NFX.Glue.Client.Calls;

namespace NFX.Glue.Client.Streaming;

/// <summary>A client-streaming call with one answer: the upload runs while the caller awaits <see cref="Result"/>.</summary>
internal sealed class UploadCall<TResult>(UploadPump upload) : StreamingCall(upload)
{
    // Continuations on the pool: the reader loop completes the call and must not run the caller's code.
    private readonly TaskCompletionSource<TResult> _result = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public Task<TResult> Result => _result.Task;

    protected override void SetResultCore(object? value)
    {
        if (typeof(TResult) == typeof(VoidResult) || (value is null && default(TResult) is null))
        {
            _result.TrySetResult(default!);
        }
        else if (value is TResult typed)
        {
            _result.TrySetResult(typed);
        }
        else
        {
            _result.TrySetException(new GlueSerializationException(
                $"The result is a {value?.GetType().FullName ?? "null"}, not the {typeof(TResult).FullName} the contract declares."));
        }
        Ended();
    }

    protected override void SetExceptionCore(Exception error)
    {
        _result.TrySetException(error);
        Ended();
    }
}
