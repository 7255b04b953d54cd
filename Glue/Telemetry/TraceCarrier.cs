using System.Diagnostics;

namespace NFX.Glue.Telemetry;

/// <summary>The trace context of a traced one-way call (made only when there is a trace to carry).</summary>
internal sealed class TraceCarrier(ActivityContext context) : ITraceCarrier
{
    public ActivityContext TraceContext { get; } = context;
}
