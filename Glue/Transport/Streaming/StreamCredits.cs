using NFX.Glue.Protocol;

namespace NFX.Glue.Transport.Streaming;

/// <summary>
/// The sending side of a stream's flow control: the credits the receiver has granted and this end has not used yet.
/// The producer takes one per item and waits while there are none, so a consumer that stops reading stops the
/// producer after at most its window, without anything buffered beyond it.
/// </summary>
internal sealed class StreamCredits
{
    private readonly Lock _lock = new();
    private long _available;
    private TaskCompletionSource? _waiter;

    /// <summary>Credits granted and not used, for diagnostics and tests.</summary>
    public long Available
    {
        get
        {
            lock (_lock)
            {
                return _available;
            }
        }
    }

    /// <summary>Adds a grant; false when it takes the unused credits past <see cref="ProtocolConstants.MaxStreamCredit"/> (a protocol error).</summary>
    public bool Grant(uint credits)
    {
        TaskCompletionSource? wake;
        lock (_lock)
        {
            if (_available + credits > ProtocolConstants.MaxStreamCredit)
            {
                return false;
            }
            _available += credits;
            wake = _waiter;
            _waiter = null;
        }
        wake?.TrySetResult();
        return true;
    }

    /// <summary>Takes one credit if there is one.</summary>
    public bool TryTake()
    {
        lock (_lock)
        {
            if (_available > 0)
            {
                _available--;
                return true;
            }
            return false;
        }
    }

    /// <summary>Takes one credit, waiting for a grant when there is none (synchronous while credits last).</summary>
    public ValueTask TakeAsync(CancellationToken cancellationToken)
    {
        lock (_lock)
        {
            if (_available > 0)
            {
                _available--;
                return default;
            }
        }
        return TakeSlowAsync(cancellationToken);
    }

    private async ValueTask TakeSlowAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            Task wait;
            lock (_lock)
            {
                if (_available > 0)
                {
                    _available--;
                    return;
                }
                // Continuations run on the pool: the grant arrives on a connection's reader loop, which must not run the producer.
                _waiter ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
                wait = _waiter.Task;
            }
            await wait.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
    }
}
