using NFX.Glue.Contracts;

namespace NFX.Glue.Client;

/// <summary>
/// A call waiting for its answer, keyed by call id in the connection's <see cref="PendingCallTable"/>. Whoever
/// removes it from the table (answer, error, timeout, cancellation, lost connection) completes it, exactly once.
/// </summary>
internal abstract class PendingCall
{
    private int _finished;

    public int CallId { get; set; }

    /// <summary><see cref="Environment.TickCount64"/> at which the call times out; <see cref="long.MaxValue"/> for never.</summary>
    public long Deadline { get; set; } = long.MaxValue;

    /// <summary>The method called (null for Ping and Bind).</summary>
    public MethodDescriptor? Method { get; set; }

    public CancellationTokenRegistration Registration { get; set; }

    /// <summary>Set once the call has been taken out of the table: a queued frame for it need not be sent.</summary>
    public bool IsFinished => Volatile.Read(ref _finished) != 0;

    /// <summary>Whether the call holds one of the connection's in-flight slots (read and written under the slots' lock).</summary>
    public bool HasSlot { get; set; }

    public void MarkFinished() => Volatile.Write(ref _finished, 1);

    /// <summary>Completes with a deserialized body (null for an empty one).</summary>
    public abstract void SetResult(object? value);

    public abstract void SetException(Exception error);
}
