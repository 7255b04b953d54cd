using NFX.Glue.Framing;
using NFX.Glue.Protocol;

namespace NFX.Glue.Transport.Streaming;

/// <summary>
/// The open streams of one end of a connection, by call id (the client's streaming calls; the server's result streams
/// and uploads): a dictionary under a short lock, with a count read without it so frames of connections that stream
/// nothing skip the lock. A stream leaves the table with the peer's last frame for it.
/// </summary>
internal sealed class StreamTable<T>
    where T : class
{
    private readonly Dictionary<int, T> _streams = new();
    private volatile int _count;

    /// <summary>Streams in the table (a snapshot, read without the lock).</summary>
    public int Count => _count;

    public T? Find(int callId)
    {
        lock (_streams)
        {
            return _streams.TryGetValue(callId, out T? stream) ? stream : null;
        }
    }

    /// <summary>Adds the stream of <paramref name="callId"/>, replacing any; returns the count after.</summary>
    public int Set(int callId, T stream)
    {
        lock (_streams)
        {
            _streams[callId] = stream;
            return _count = _streams.Count;
        }
    }

    /// <summary>Adds the stream of <paramref name="callId"/>; false when the call already has one.</summary>
    public bool TryAdd(int callId, T stream)
    {
        lock (_streams)
        {
            bool added = _streams.TryAdd(callId, stream);
            _count = _streams.Count;
            return added;
        }
    }

    /// <summary>Takes the stream of <paramref name="callId"/> out of the table (null when it has none).</summary>
    public T? Remove(int callId)
    {
        if (_count == 0)
        {
            return null;
        }
        lock (_streams)
        {
            _streams.Remove(callId, out T? stream);
            _count = _streams.Count;
            return stream;
        }
    }

    /// <summary>
    /// The teardown of a stream by the peer's StreamEnd frame, the same on both ends: reads the frame, takes its stream
    /// out of the table; a StreamEnd for a call without an open stream (<paramref name="isOpen"/> false, or none) breaks
    /// the protocol (<paramref name="what"/> names the stream in the error).
    /// </summary>
    public T TakeEnded(ref HeaderReader header, string what, Func<T, bool>? isOpen = null)
    {
        int callId = StreamFrames.ReadCallId(ref header);
        StreamFrames.EnsureEnd(ref header, callId);
        T? stream;
        lock (_streams)
        {
            _streams.Remove(callId, out stream);
            _count = _streams.Count;
        }
        if (stream is null || (isOpen is not null && !isOpen(stream)))
        {
            GlueThrow.Protocol($"StreamEnd for call {callId}, which has no open {what}.");
        }
        return stream;
    }

    /// <summary>How many streams in the table <paramref name="predicate"/> holds for.</summary>
    public int CountWhere(Func<T, bool> predicate)
    {
        lock (_streams)
        {
            return _streams.Values.Count(predicate);
        }
    }

    /// <summary>Empties the table, returning what was in it (the connection closed).</summary>
    public T[] TakeAll()
    {
        lock (_streams)
        {
            T[] all = [.. _streams.Values];
            _streams.Clear();
            _count = 0;
            return all;
        }
    }
}
