using System.Diagnostics;

namespace NFX.Glue;

/// <summary>
/// Names of Glue's observability signals. Metrics: a <see cref="System.Diagnostics.Metrics.Meter"/> named
/// <see cref="Name"/> (from <see cref="GlueOptions.MeterFactory"/>
/// when set) with the instruments below, each tagged <c>glue.side</c> = <c>client</c> or <c>server</c>. Traces: an
/// <see cref="ActivitySource"/> named <see cref="Name"/> with a client span per call and a server span per call whose
/// parent is the client span (the W3C trace context travels in the call frame). docs/GLUE.md lists the tags.
/// </summary>
public static class GlueTelemetry
{
    /// <summary>The name of the Meter and of the ActivitySource: <c>NFX.Glue</c>.</summary>
    public const string Name = "NFX.Glue";

    /// <summary>Counter: calls completed (tags <c>glue.side</c>, <c>rpc.service</c>, <c>rpc.method</c>).</summary>
    public const string Calls = "glue.calls";

    /// <summary>Counter: calls that failed (tags as <see cref="Calls"/> plus <c>error.type</c>, the exception's type name).</summary>
    public const string Errors = "glue.errors";

    /// <summary>Histogram, seconds: call duration, from the proxy call to the answer (client) or from dispatch to the queued answer (server).</summary>
    public const string Duration = "glue.call.duration";

    /// <summary>Counter, bytes: written to connections (tag <c>glue.side</c>).</summary>
    public const string BytesSent = "glue.bytes.sent";

    /// <summary>Counter, bytes: read from connections (tag <c>glue.side</c>).</summary>
    public const string BytesReceived = "glue.bytes.received";

    /// <summary>Counter: connections established (after the handshake; tag <c>glue.side</c>).</summary>
    public const string ConnectionsOpened = "glue.connections.opened";

    /// <summary>UpDownCounter: connections open now (tag <c>glue.side</c>).</summary>
    public const string ConnectionsActive = "glue.connections.active";

    /// <summary>
    /// Counter: retries the client made (tags <c>glue.side</c> = <c>client</c>, <c>rpc.service</c>, <c>rpc.method</c>, and
    /// <c>glue.retry.reason</c>: <c>unsent</c>, <c>refused</c> or <c>connection_lost</c>).
    /// </summary>
    public const string Retries = "glue.retries";

    /// <summary>The source of the client and server spans.</summary>
    internal static ActivitySource Source { get; } = new(Name, typeof(GlueTelemetry).Assembly.GetName().Version?.ToString());
}
