using System.Threading.Channels;
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
    // Unbounded in type only: the credits bound it to one window.
    private readonly Channel<T> _items = Channel.CreateUnbounded<T>(new UnboundedChannelOptions { SingleReader = true, SingleWriter = true });
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

    public override void Deliver(object? item)
    {
        if (!Window!.Receive())
        {
            GlueThrow.Protocol($"The server sent call {CallId} a stream item beyond the credits granted.");
        }
        if (IsFinished)
        {
            return; // canceled or timed out here: counted, dropped
        }
        if (item is T typed)
        {
            _items.Writer.TryWrite(typed);
        }
        else if (item is null && default(T) is null)
        {
            _items.Writer.TryWrite(default!);
        }
        else
        {
            Connection.FailStream(CallId, new GlueSerializationException(
                $"A stream item of {Method?.DisplayName} is a {item?.GetType().FullName ?? "null"}, not the {typeof(T).FullName} the contract declares."), sendCancel: true);
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
        if (_items.Reader.TryRead(out T? item))
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
        while (await _items.Reader.WaitToReadAsync().ConfigureAwait(false))
        {
            if (_abort is Exception abort)
            {
                throw abort;
            }
            if (_items.Reader.TryRead(out T? item))
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
        _items.Writer.TryComplete();
        Ended();
    }

    protected override void SetExceptionCore(Exception error)
    {
        if (error is GlueTimeoutException or OperationCanceledException)
        {
            // The deadline covers the stream, and a canceled consumer wants nothing more: buffered items are dropped.
            _abort = error;
        }
        _items.Writer.TryComplete(error);
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
