using NFX.Glue.Transport;
using NFX.Glue.Transport.Streaming;

namespace NFX.Glue.Server.Streaming;

/// <summary>
/// The stream a client uploads to one call, as the server's connection sees it: items arrive on the reader loop
/// against the credits this end granted (at most one window is buffered), StreamEnd or Cancel from the client closes
/// it. It stays registered until then, even after the call has answered, so items already on their way are counted
/// and dropped rather than mistaken for items of an unknown stream.
/// </summary>
internal abstract class ServerUpload
{
    private volatile bool _abandoned;

    protected ServerUpload(GlueConnection connection, int callId, int window)
    {
        Connection = connection;
        CallId = callId;
        Window = new StreamWindow(window);
    }

    public int CallId { get; }

    public StreamWindow Window { get; }

    protected GlueConnection Connection { get; }

    /// <summary>The call has ended: arriving items are dropped and no more credits are granted.</summary>
    public bool IsAbandoned => _abandoned;

    /// <summary>Grants the first window (the client may then send that many items).</summary>
    public void Open() => Connection.Enqueue(OutgoingFrame.StreamCredit(CallId, Window.Open()));

    /// <summary>
    /// Hands an arriving batch to the implementation (reader loop): counted against the credits (beyond them throws
    /// <see cref="GlueProtocolException"/>), dropped once the call has ended; anything but a non-empty array of the
    /// declared item type throws <see cref="GlueSerializationException"/>.
    /// </summary>
    public abstract void Deliver(object? body);

    /// <summary>The client sent StreamEnd: the implementation's enumeration ends after the buffered items.</summary>
    public abstract void Complete();

    /// <summary>The client canceled, the deadline passed or the connection closed: the enumeration throws <paramref name="error"/>.</summary>
    public abstract void Fail(Exception error);

    /// <summary>The call ended: drop the rest.</summary>
    public void Abandon()
    {
        _abandoned = true;
        Fail(new InvalidOperationException("The call has ended; its uploaded stream can no longer be read."));
    }

    /// <summary>Grants credits for consumed items while the call runs.</summary>
    protected void Consumed()
    {
        uint grant = Window.Consume();
        if (grant != 0 && !_abandoned)
        {
            Connection.Enqueue(OutgoingFrame.StreamCredit(CallId, grant));
        }
    }
}

/// <summary>The typed upload handed to the implementation as its <c>IAsyncEnumerable&lt;T&gt;</c> argument; enumerable once.</summary>
internal sealed class ServerUpload<T> : ServerUpload, IAsyncEnumerable<T>, IAsyncEnumerator<T>
{
    private readonly StreamBuffer<T> _items = new();
    private readonly CancellationTokenRegistration _callEnded;
    private CancellationToken _token;
    private int _enumerated;

    private ServerUpload(GlueConnection connection, int callId, int window, CancellationToken callToken)
        : base(connection, callId, window)
    {
        // The deadline (and the connection closing) cancel the call's token: the enumeration ends with it.
        _callEnded = callToken.UnsafeRegister(static (s, token) => ((ServerUpload<T>)s!).Fail(new OperationCanceledException(
            "The call was canceled (by the client, its deadline or the connection closing).", token)), this);
    }

    /// <summary>The factory bound once per method (no reflection per call).</summary>
    public static ServerUpload Create(GlueConnection connection, int callId, int window, CancellationToken callToken) =>
        new ServerUpload<T>(connection, callId, window, callToken);

    public T Current { get; private set; } = default!;

    public override void Deliver(object? body)
    {
        T[]? batch = StreamBuffer<T>.AsBatch(body);
        if (batch is null)
        {
            GlueThrow.Serialization($"Uploaded items of call {CallId} are a {body?.GetType().FullName ?? "null"}, not a non-empty {typeof(T).FullName}[] as the contract declares.");
        }
        if (!Window.Receive(batch.Length))
        {
            GlueThrow.Protocol($"Call {CallId} sent stream items beyond the credits granted.");
        }
        if (!IsAbandoned)
        {
            _items.Add(batch);
        }
    }

    public override void Complete()
    {
        _callEnded.Dispose();
        _items.Complete();
    }

    public override void Fail(Exception error) => _items.Complete(error);

    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        if (Interlocked.Exchange(ref _enumerated, 1) != 0)
        {
            throw new InvalidOperationException("An uploaded stream can be enumerated once.");
        }
        _token = cancellationToken;
        return this;
    }

    public ValueTask<bool> MoveNextAsync()
    {
        if (_items.TryTake(out T item))
        {
            Current = item;
            Consumed();
            return new ValueTask<bool>(true);
        }
        return MoveNextSlowAsync();
    }

    private async ValueTask<bool> MoveNextSlowAsync()
    {
        while (await _items.WaitAsync(_token).ConfigureAwait(false))
        {
            if (_items.TryTake(out T item))
            {
                Current = item;
                Consumed();
                return true;
            }
        }
        return false;
    }

    public ValueTask DisposeAsync() => default;
}
