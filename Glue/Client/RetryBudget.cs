namespace NFX.Glue.Client;

/// <summary>
/// The client-wide token bucket behind <see cref="GlueRetryOptions.BudgetPerSecond"/>: holds at most that many
/// retries and refills at that rate. Taken only on the retry path, never by a call that succeeds first time.
/// </summary>
internal sealed class RetryBudget(int perSecond)
{
    private readonly Lock _lock = new();
    private double _tokens = perSecond;
    private long _refilledAt = Environment.TickCount64;

    public bool TryTake()
    {
        lock (_lock)
        {
            long now = Environment.TickCount64;
            _tokens = Math.Min(perSecond, _tokens + (now - _refilledAt) * perSecond / 1000.0);
            _refilledAt = now;
            if (_tokens < 1)
            {
                return false;
            }
            _tokens--;
            return true;
        }
    }
}
