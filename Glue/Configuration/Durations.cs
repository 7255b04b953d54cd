namespace NFX.Glue.Configuration;

/// <summary>Checks of the time settings in the options records of both ends.</summary>
internal static class Durations
{
    public static void CheckPositive(TimeSpan value, string name)
    {
        if (value <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(name, value, "The time must be positive.");
        }
    }

    /// <summary>Each may be infinite (off); both finite: the timeout must exceed the interval.</summary>
    public static void CheckHeartbeat(TimeSpan interval, TimeSpan timeout)
    {
        if (interval != Timeout.InfiniteTimeSpan)
        {
            CheckPositive(interval, "HeartbeatInterval");
        }
        if (timeout != Timeout.InfiniteTimeSpan)
        {
            CheckPositive(timeout, "HeartbeatTimeout");
            if (interval != Timeout.InfiniteTimeSpan && timeout <= interval)
            {
                throw new ArgumentOutOfRangeException("HeartbeatTimeout", timeout, "The heartbeat timeout must be longer than the heartbeat interval.");
            }
        }
    }
}
