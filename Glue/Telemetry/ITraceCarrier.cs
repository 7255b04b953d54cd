using System.Diagnostics;

namespace NFX.Glue.Telemetry;

/// <summary>The state of a queued call frame that carries a W3C trace context (a pending call, or a one-way call's carrier).</summary>
internal interface ITraceCarrier
{
    ActivityContext TraceContext { get; }
}
