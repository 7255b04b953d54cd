using NFX.Glue.Telemetry;

namespace NFX.Glue.Transport;

/// <summary>
/// The caller's side of a queued Call frame: the writer loop asks it, as the frame is written, whether the call still
/// wants sending and how long the server may take.
/// </summary>
internal interface IOutgoingCall : ITraceCarrier
{
    /// <summary><see cref="Environment.TickCount64"/> at which the call times out; <see cref="long.MaxValue"/> for never.</summary>
    long Deadline { get; }

    /// <summary>True when <paramref name="generation"/> (from the queued frame) is this use of the object and it is not finished.</summary>
    bool IsLive(int generation);

    /// <summary>Claims the frame of <paramref name="generation"/> for writing; false when it was withdrawn for a retry (or is stale).</summary>
    bool TryMarkWritten(int generation);
}
