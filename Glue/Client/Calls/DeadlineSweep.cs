namespace NFX.Glue.Client.Calls;

/// <summary>
/// Times out the calls of one connection: one timer per connection, not one per call. Every
/// <see cref="Period"/> it takes the calls whose deadline has passed out of the table and hands each to the connection
/// to fail; the same tick drives the connection's heartbeat.
/// </summary>
internal sealed class DeadlineSweep : IDisposable
{
    /// <summary>How often deadlines are checked: a call fails at most this late.</summary>
    public static readonly TimeSpan Period = TimeSpan.FromMilliseconds(50);

    private readonly PendingCallTable _calls;
    private readonly Func<long, bool> _tick;
    private readonly Action<PendingCall> _expire;
    private readonly List<PendingCall> _expired = new();
    private readonly Timer _timer;

    /// <summary>
    /// Starts sweeping <paramref name="calls"/>. <paramref name="tick"/> runs first on every tick with the time now
    /// (false: the connection is closed, skip the sweep); <paramref name="expire"/> gets each expired call, already
    /// out of the table.
    /// </summary>
    public DeadlineSweep(PendingCallTable calls, Func<long, bool> tick, Action<PendingCall> expire)
    {
        _calls = calls;
        _tick = tick;
        _expire = expire;
        _timer = new Timer(static s => ((DeadlineSweep)s!).Sweep(), this, Period, Period);
    }

    public void Dispose() => _timer.Dispose();

    private void Sweep()
    {
        List<PendingCall> expired = _expired;
        // Ticks of a busy pool may overlap: one sweeps at a time.
        lock (expired)
        {
            long now = Environment.TickCount64;
            if (!_tick(now))
            {
                return;
            }
            _calls.RemoveExpired(now, expired);
            foreach (PendingCall call in expired)
            {
                _expire(call);
            }
            expired.Clear();
        }
    }
}
