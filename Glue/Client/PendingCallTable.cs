namespace NFX.Glue.Client;

/// <summary>
/// The calls in flight on one connection, by call id. A plain dictionary under a short lock: adding and removing do
/// not allocate once it has grown. After <see cref="Close"/> nothing can be added.
/// </summary>
internal sealed class PendingCallTable
{
    private readonly Dictionary<int, PendingCall> _calls = new();
    private bool _closed;

    public int Count
    {
        get
        {
            lock (_calls)
            {
                return _calls.Count;
            }
        }
    }

    /// <summary>False when the table is closed (the connection is gone).</summary>
    public bool TryAdd(PendingCall call)
    {
        lock (_calls)
        {
            return !_closed && _calls.TryAdd(call.CallId, call);
        }
    }

    public bool TryRemove(int callId, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out PendingCall? call)
    {
        lock (_calls)
        {
            return _calls.Remove(callId, out call);
        }
    }

    /// <summary>Removes the calls whose deadline is at or before <paramref name="now"/> into <paramref name="expired"/>.</summary>
    public void RemoveExpired(long now, List<PendingCall> expired)
    {
        lock (_calls)
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
        }
    }

    /// <summary>Closes the table and returns every call still in it.</summary>
    public List<PendingCall> Close()
    {
        lock (_calls)
        {
            _closed = true;
            var all = new List<PendingCall>(_calls.Values);
            _calls.Clear();
            return all;
        }
    }
}
