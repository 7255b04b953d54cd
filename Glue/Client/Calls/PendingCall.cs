using System.Diagnostics;
using NFX.Glue.Contracts;
using NFX.Glue.Transport;

namespace NFX.Glue.Client.Calls;

/// <summary>
/// A call waiting for its answer, keyed by call id in the connection's <see cref="PendingCallTable"/>. Whoever
/// removes it from the table (answer, error, timeout, cancellation, lost connection) completes it, exactly once.
/// What it asks for (<see cref="Request"/>), what it reports (<see cref="Telemetry"/>) and where its current attempt
/// stands (<see cref="CallAttempt"/>) are set when it starts; only the connection's per-attempt id and token
/// registration change later.
/// </summary>
internal abstract class PendingCall : IOutgoingCall
{
    private CallRequest _request;
    private CallTelemetry _telemetry;
    private CallAttempt _attempt;

    /// <summary>The current attempt's id on its connection.</summary>
    public int CallId { get; set; }

    /// <summary>The current attempt's registration of the caller's token.</summary>
    public CancellationTokenRegistration Registration { get; set; }

    /// <summary><see cref="Environment.TickCount64"/> at which the call times out; <see cref="long.MaxValue"/> for never.</summary>
    public long Deadline { get; private set; } = long.MaxValue;

    /// <summary>Attempts made so far beyond the first.</summary>
    public int Retries { get; private set; }

    public ref readonly CallRequest Request => ref _request;

    /// <summary>The method called (null for Ping and Bind).</summary>
    public MethodDescriptor? Method => _request.Method;

    public ref readonly CallTelemetry Telemetry => ref _telemetry;

    public ActivityContext TraceContext => _telemetry.TraceContext;

    /// <summary>Which use (or retry) of a recycled object this is: queued frames carry it, so a frame of an earlier one is recognized.</summary>
    public int Generation => _attempt.Generation;

    /// <summary>Set once the call has been taken out of the table: a queued frame for it need not be sent.</summary>
    public bool IsFinished => _attempt.IsFinished;

    /// <summary>Whether the current attempt holds one of the connection's in-flight slots.</summary>
    public bool HasSlot => _attempt.HasSlot;

    /// <summary>Sets what the call asks for, its deadline and its telemetry (a Ping or Bind passes no request and no telemetry).</summary>
    public void Begin(in CallRequest request, long deadline, in CallTelemetry telemetry)
    {
        _request = request;
        Deadline = deadline;
        _telemetry = telemetry;
    }

    public void MarkFinished() => _attempt.MarkFinished();

    public bool IsLive(int generation) => _attempt.IsLive(generation);

    public bool TryMarkWritten(int generation) => _attempt.TryMarkWritten(generation);

    /// <summary>Withdraws the current attempt's frame before the writer loop claims it: true means no byte of it was written.</summary>
    public bool TryWithdraw() => _attempt.TryWithdraw();

    /// <summary>Marks a slot as held by attempt <paramref name="generation"/>: false when that attempt already ended (or is stale).</summary>
    public bool TryClaimSlot(int generation) => _attempt.TryClaimSlot(generation);

    /// <summary>The attempt ends: true when it held a slot, which the caller must now free.</summary>
    public bool ReleaseSlotClaim() => _attempt.ReleaseSlotClaim();

    /// <summary>Starts another attempt of the same call: frames of the earlier one are recognized as stale by their generation.</summary>
    public void BeginRetry()
    {
        Retries++;
        Registration = default;
        _attempt.Begin(_attempt.Generation + 1);
    }

    /// <summary>Clears the per-call state before the object is reused.</summary>
    protected void ResetForReuse()
    {
        CallId = 0;
        Registration = default;
        Deadline = long.MaxValue;
        Retries = 0;
        _request = default;
        _telemetry = default;
        _attempt.Begin(_attempt.Generation + 1);
    }

    /// <summary>Completes with a deserialized body (null for an empty one).</summary>
    public void SetResult(object? value)
    {
        _telemetry.End(Method, null);
        SetResultCore(value);
    }

    public void SetException(Exception error)
    {
        _telemetry.End(Method, error);
        SetExceptionCore(error);
    }

    protected abstract void SetResultCore(object? value);

    protected abstract void SetExceptionCore(Exception error);
}
