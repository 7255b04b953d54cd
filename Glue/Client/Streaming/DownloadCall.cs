using NFX.Glue.Protocol;
using NFX.Glue.Transport;
using NFX.Glue.Transport.Streaming;

namespace NFX.Glue.Client.Streaming;

/// <summary>
/// A server-streaming (or duplex) call as the caller enumerates it. Items arrive on the reader loop into a buffer that
/// the credits keep within one window; the consumer's progress grants more. The server's error reaches the consumer
/// after the items sent before it; a timeout or a cancellation ends the enumeration at once.
/// </summary>
internal sealed class DownloadCall<T> : StreamingCall, IAsyncEnumerator<T>
{
    private readonly StreamBuffer<T> _items = new();
    private readonly StreamRequest _request;
    private readonly CancellationToken _enumeratorToken;
    private CancellationTokenSource? _linked;
    private volatile Exception? _abort;
    private int _state;

    public DownloadCall(StreamRequest request, UploadPump? upload, int window, CancellationToken enumeratorToken)
        : base(upload)
    {
        _request = request;
        _enumeratorToken = enumeratorToken;
        Window = new StreamWindow(window);
    }

    public T Current { get; private set; } = default!;

    public override void Deliver(object? body)
    {
        T[]? batch = StreamBuffer<T>.AsBatch(body);
        if (batch is null)
        {
            // The registries still agree (the body was read): this call fails, the connection stays.
            Connection.FailStream(CallId, new GlueSerializationException(
                $"Stream items of {Method?.DisplayName} are a {body?.GetType().FullName ?? "null"}, not a non-empty {typeof(T).FullName}[] as the contract declares."), sendCancel: true);
            return;
        }
        if (!Window!.Receive(batch.Length))
        {
            GlueThrow.Protocol($"The server sent call {CallId} stream items beyond the credits granted.");
        }
        if (!IsFinished)
        {
            _items.Add(batch); // else canceled or timed out here: counted, dropped
        }
    }

    public ValueTask<bool> MoveNextAsync()
    {
        if (_state == 0)
        {
            return StartThenMoveAsync();
        }
        if (_abort is Exception abort)
        {
            return ValueTask.FromException<bool>(abort);
        }
        if (_items.TryTake(out T item))
        {
            Take(item);
            return new ValueTask<bool>(true);
        }
        return WaitAsync();
    }

    private async ValueTask<bool> StartThenMoveAsync()
    {
        _state = 1;
        try
        {
            _linked = await _request.StartAsync(this, _enumeratorToken).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            _abort = e;
            throw;
        }
        return await MoveNextAsync().ConfigureAwait(false);
    }

    private async ValueTask<bool> WaitAsync()
    {
        // Throws the call's error once the items before it have been taken.
        while (await _items.WaitAsync(CancellationToken.None).ConfigureAwait(false))
        {
            if (_abort is Exception abort)
            {
                throw abort;
            }
            if (_items.TryTake(out T item))
            {
                Take(item);
                return true;
            }
        }
        return false;
    }

    private void Take(T item)
    {
        Current = item;
        uint grant = Window!.Consume();
        if (grant != 0 && !IsFinished)
        {
            Connection.Enqueue(OutgoingFrame.StreamCredit(CallId, grant));
        }
    }

    protected override void SetResultCore(object? value)
    {
        _items.Complete();
        Ended();
    }

    protected override void SetExceptionCore(Exception error)
    {
        if (error is GlueTimeoutException or OperationCanceledException)
        {
            // The deadline covers the stream, and a canceled consumer wants nothing more: buffered items are dropped.
            _abort = error;
        }
        _items.Complete(error);
        Ended();
    }

    /// <summary>Leaving the enumeration early cancels the call (a Cancel frame; the server's token fires).</summary>
    public ValueTask DisposeAsync()
    {
        if (_state == 1)
        {
            _state = 2;
            if (!IsFinished && Connection is not null)
            {
                Connection.CancelStream(CallId);
            }
            _linked?.Dispose();
        }
        return default;
    }
}
