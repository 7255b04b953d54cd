using NFX.Glue.Configuration;

namespace NFX.Glue;

/// <summary>
/// When and how often a <see cref="GlueClient"/> retries a call by itself (<see cref="GlueClientOptions.Retry"/>).
/// A call is retried, on another connection or endpoint and always within its deadline, when
/// <list type="bullet">
/// <item>it provably never reached the server: no byte of its frame had been handed to the socket when the connection
/// closed, or the server refused it before running it (a stopping server answers <see cref="GlueUnavailableException"/>);</item>
/// <item>or its method is marked <see cref="GlueIdempotentAttribute"/> and the connection was lost while it was in flight.</item>
/// </list>
/// Any other call in flight when its connection is lost fails with <see cref="GlueConnectionException"/>: the server
/// may have run it, and running it twice is the caller's decision. One-way calls are never retried. A retry is a new
/// attempt: it waits for a connection only under wait-for-ready (<see cref="GlueClientOptions.WaitForReady"/> or
/// <see cref="GlueCallScope"/>); otherwise, with no endpoint up, the call fails at once. Immutable: change a copy with <c>with</c>.
/// </summary>
public sealed record GlueRetryOptions
{
    /// <summary>No retries: every call is attempted once.</summary>
    public static GlueRetryOptions None { get; } = new() { MaxAttempts = 1 };

    /// <summary>The most attempts per call, the first included. Default 3; 1 turns retries off.</summary>
    public int MaxAttempts { get; init; } = 3;

    /// <summary>
    /// The wait before the second retry of a call (the first retry is immediate: it goes to another connection); it
    /// doubles per retry up to <see cref="MaxBackoff"/>, each wait randomized to between half and all of it, and never
    /// runs past the call's deadline. Default 20 ms.
    /// </summary>
    public TimeSpan Backoff { get; init; } = TimeSpan.FromMilliseconds(20);

    /// <summary>The longest wait between two attempts of a call. Default 1 s.</summary>
    public TimeSpan MaxBackoff { get; init; } = TimeSpan.FromSeconds(1);

    /// <summary>
    /// The retry budget of the whole client: at most this many retries in a burst, and on average at most this many
    /// per second (a token bucket of this size, refilled at this rate). A call that finds the budget spent fails with
    /// its own error instead of adding load to servers that are struggling. Default 100.
    /// </summary>
    public int BudgetPerSecond { get; init; } = 100;

    internal bool Enabled => MaxAttempts > 1 && BudgetPerSecond > 0;

    internal void Validate()
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(MaxAttempts, 1, nameof(MaxAttempts));
        ArgumentOutOfRangeException.ThrowIfNegative(BudgetPerSecond, nameof(BudgetPerSecond));
        Durations.CheckPositive(Backoff, nameof(Backoff));
        Durations.CheckPositive(MaxBackoff, nameof(MaxBackoff));
        if (MaxBackoff < Backoff)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxBackoff), MaxBackoff, "The longest backoff must be at least the first one.");
        }
    }

    /// <summary>The wait before retry number <paramref name="retry"/> (1 for the first): none for the first, then jittered exponential.</summary>
    internal TimeSpan DelayBefore(int retry)
    {
        if (retry <= 1)
        {
            return TimeSpan.Zero;
        }
        double ms = Math.Min(MaxBackoff.TotalMilliseconds, Backoff.TotalMilliseconds * Math.Pow(2, Math.Min(retry - 2, 30)));
        return TimeSpan.FromMilliseconds(ms * (0.5 + 0.5 * Random.Shared.NextDouble()));
    }
}
