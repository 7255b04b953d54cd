using System.Diagnostics;
using NFX.Glue.Contracts;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport;

namespace NFX.Glue.Client;

/// <summary>
/// A call waiting for its answer, keyed by call id in the connection's <see cref="PendingCallTable"/>. Whoever
/// removes it from the table (answer, error, timeout, cancellation, lost connection) completes it, exactly once.
/// </summary>
internal abstract class PendingCall : IOutgoingCall
{
    private int _finished;

    // The current attempt's frame, as (generation << 2) | state: 0 queued, 1 written (or being written) by the writer
    // loop, 2 withdrawn for a retry. One compare-exchange decides between the writer and a retry, so a frame is never
    // both written and retried elsewhere.
    private int _wire;

    // The current attempt's in-flight slot, as (generation << 2) | state: 0 none, 1 held, 2 released (the call ended).
    // The slot's taker and the call's finisher race without a lock; the compare-exchange and the exchange below decide
    // which of them gives the slot back, and the generation keeps a hand-over aimed at an earlier use from landing.
    private int _slot;

    public int CallId { get; set; }

    /// <summary><see cref="Environment.TickCount64"/> at which the call times out; <see cref="long.MaxValue"/> for never.</summary>
    public long Deadline { get; set; } = long.MaxValue;

    /// <summary>The method called (null for Ping and Bind).</summary>
    public MethodDescriptor? Method { get; set; }

    /// <summary>The contract's id on the client (for a retry's frame).</summary>
    public int ContractId { get; set; }

    /// <summary>The argument pack, boxed once for the frame (kept for a retry's frame).</summary>
    public object? Payload { get; set; }

    /// <summary>The caller's token (registered again by each attempt).</summary>
    public CancellationToken CallToken { get; set; }

    /// <summary>Whether a retry of this call waits for a connection (wait-for-ready) or fails when none is up.</summary>
    public bool WaitForReady { get; set; }

    /// <summary>Attempts made so far beyond the first.</summary>
    public int Retries { get; set; }

    /// <summary>True when the current attempt's frame was written (or is being written): the server may have it.</summary>
    public bool WasWritten => (Volatile.Read(ref _wire) & 1) != 0;

    public CancellationTokenRegistration Registration { get; set; }

    /// <summary>Set once the call has been taken out of the table: a queued frame for it need not be sent.</summary>
    public bool IsFinished => Volatile.Read(ref _finished) != 0;

    /// <summary>Whether the current attempt holds one of the connection's in-flight slots.</summary>
    public bool HasSlot => (Volatile.Read(ref _slot) & 3) == 1;

    /// <summary>The metrics to record the call in when it ends (null when nobody listens).</summary>
    public GlueMetrics? Metrics { get; set; }

    /// <summary><see cref="Stopwatch.GetTimestamp"/> when the call started (0 when not measured).</summary>
    public long StartTimestamp { get; set; }

    /// <summary>The client span of the call (null when no listener sampled it).</summary>
    public Activity? Span { get; set; }

    /// <summary>The trace context sent with the call (default: none).</summary>
    public ActivityContext TraceContext { get; set; }

    /// <summary>Which use of a recycled object this is: queued frames carry it, so a frame of an earlier use is recognized.</summary>
    public int Generation { get; private set; }

    public void MarkFinished() => Volatile.Write(ref _finished, 1);

    /// <summary>The writer loop claims the frame of attempt <paramref name="generation"/>: false when it was withdrawn (or is stale).</summary>
    public bool TryMarkWritten(int generation) =>
        Interlocked.CompareExchange(ref _wire, (generation << 2) | 1, generation << 2) == generation << 2;

    /// <summary>Withdraws the current attempt's frame before the writer loop claims it: true means no byte of it was written.</summary>
    public bool TryWithdraw()
    {
        int queued = Generation << 2;
        return Interlocked.CompareExchange(ref _wire, queued | 2, queued) == queued;
    }

    /// <summary>Marks a slot as held by attempt <paramref name="generation"/>: false when that attempt already ended (or is stale).</summary>
    public bool TryClaimSlot(int generation) =>
        Interlocked.CompareExchange(ref _slot, (generation << 2) | 1, generation << 2) == generation << 2;

    /// <summary>The attempt ends: true when it held a slot, which the caller must now free.</summary>
    public bool ReleaseSlotClaim()
    {
        int generation = Generation << 2;
        return Interlocked.Exchange(ref _slot, generation | 2) == (generation | 1);
    }

    /// <summary>Starts another attempt of the same call: frames of the earlier one are recognized as stale by their generation.</summary>
    public void BeginRetry()
    {
        Generation++;
        Retries++;
        Registration = default;
        Volatile.Write(ref _slot, Generation << 2);
        Volatile.Write(ref _wire, Generation << 2);
        Volatile.Write(ref _finished, 0);
    }

    /// <summary>True when <paramref name="generation"/> (from a queued frame) is this use of the object and it is not finished yet.</summary>
    public bool IsLive(int generation) => Generation == generation && !IsFinished;

    /// <summary>Clears the per-call state before the object is reused.</summary>
    protected void ResetForReuse()
    {
        Generation++;
        CallId = 0;
        Deadline = long.MaxValue;
        Method = null;
        ContractId = 0;
        Payload = null;
        CallToken = default;
        WaitForReady = false;
        Retries = 0;
        Registration = default;
        Metrics = null;
        StartTimestamp = 0;
        Span = null;
        TraceContext = default;
        Volatile.Write(ref _slot, Generation << 2);
        Volatile.Write(ref _wire, Generation << 2);
        Volatile.Write(ref _finished, 0);
    }

    /// <summary>Completes with a deserialized body (null for an empty one).</summary>
    public void SetResult(object? value)
    {
        Observe(null);
        SetResultCore(value);
    }

    public void SetException(Exception error)
    {
        Observe(error);
        SetExceptionCore(error);
    }

    protected abstract void SetResultCore(object? value);

    protected abstract void SetExceptionCore(Exception error);

    /// <summary>Ends the span and records the metrics, when the call has either.</summary>
    private void Observe(Exception? error)
    {
        if (Span is Activity span)
        {
            Span = null;
            if (error is not null)
            {
                span.SetStatus(ActivityStatusCode.Error, error.Message);
                span.SetTag("error.type", error.GetType().FullName);
            }
            // Stop makes the span's parent current; here that would be the completing thread's (the reader loop's).
            Activity? current = Activity.Current;
            span.Stop();
            Activity.Current = current;
        }
        if (Metrics is GlueMetrics metrics && Method is MethodDescriptor method)
        {
            Metrics = null;
            metrics.RecordCall(GlueSide.Client, method, StartTimestamp, error);
        }
    }
}
