using System.Threading.Channels;

namespace NFX.Glue.Transport.Streaming;

/// <summary>
/// The items a stream's consumer has not taken yet, kept as the batches they arrived in (the credits bound them to
/// one window). One producer (the reader loop), one consumer.
/// </summary>
internal sealed class StreamBuffer<T>
{
    private readonly Channel<T[]> _batches = Channel.CreateUnbounded<T[]>(new UnboundedChannelOptions { SingleReader = true, SingleWriter = true });
    private T[]? _current;
    private int _next;

    /// <summary>
    /// Checks a received batch body: a non-empty <c>T[]</c>;
    /// returns the items, or null when it is anything else (the caller decides what that means).
    /// </summary>
    public static T[]? AsBatch(object? body) => body is T[] { Length: > 0 } batch ? batch : null;

    /// <summary>Adds a batch (reader loop).</summary>
    public void Add(T[] batch) => _batches.Writer.TryWrite(batch);

    /// <summary>Takes the next item if one has arrived.</summary>
    public bool TryTake(out T item)
    {
        if (_current is null)
        {
            if (!_batches.Reader.TryRead(out _current))
            {
                item = default!;
                return false;
            }
            _next = 0;
        }
        item = _current[_next++];
        if (_next == _current.Length)
        {
            _current = null;
        }
        return true;
    }

    /// <summary>Waits for a batch: false when the stream completed, or throws the error it was completed with.</summary>
    public ValueTask<bool> WaitAsync(CancellationToken cancellationToken) =>
        _current is not null ? new ValueTask<bool>(true) : _batches.Reader.WaitToReadAsync(cancellationToken);

    /// <summary>No more batches: the consumer sees the end (or <paramref name="error"/>) after what is buffered.</summary>
    public void Complete(Exception? error = null) => _batches.Writer.TryComplete(error);
}
