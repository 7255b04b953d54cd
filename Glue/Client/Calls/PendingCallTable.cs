namespace NFX.Glue.Client.Calls;

/// <summary>
/// The calls in flight on one connection, by call id. A plain dictionary under a short lock: adding and removing do
/// not allocate once it has grown. After <see cref="Close"/> nothing can be added.
/// </summary>
internal sealed class PendingCallTable
{
    private readonly Dictionary<int, PendingCall> _calls = new();
    // Taken by every caller and by the reader loop for each answer: a Lock stays in managed code when contended.
    private readonly Lock _lock = new();
    private bool _closed;
    private int _count;

    /// <summary>Calls in the table; read without the lock (load balancing compares it between connections).</summary>
    public int Count => Volatile.Read(ref _count);

    /// <summary>False when the table is closed (the connection is gone).</summary>
    public bool TryAdd(PendingCall call)
    {
        lock (_lock)
        {
            if (_closed || !_calls.TryAdd(call.CallId, call))
            {
                return false;
            }
            _count = _calls.Count;
            return true;
        }
    }

    public bool TryRemove(int callId, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out PendingCall? call)
    {
        lock (_lock)
        {
            bool removed = _calls.Remove(callId, out call);
            _count = _calls.Count;
            return removed;
        }
    }

    /// <summary>Removes the calls whose deadline is at or before <paramref name="now"/> into <paramref name="expired"/>.</summary>
    public void RemoveExpired(long now, List<PendingCall> expired)
    {
        lock (_lock)
        {
            foreach (PendingCall call in _calls.Values)
            {
                if (call.Deadline <= now)
                {
                    expired.Add(call);
                }
            }
            foreach (PendingCall call in expired)
            {
                _calls.Remove(call.CallId);
            }
            _count = _calls.Count;
        }
    }

    /// <summary>Closes the table and returns every call still in it.</summary>
    public List<PendingCall> Close()
    {
        lock (_lock)
        {
            _closed = true;
            var all = new List<PendingCall>(_calls.Values);
            _calls.Clear();
            _count = 0;
            return all;
        }
    }
}
