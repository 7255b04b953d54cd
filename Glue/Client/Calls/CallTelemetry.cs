using System.Diagnostics;
using System.Net;
using NFX.Glue.Contracts;
using NFX.Glue.Telemetry;

namespace NFX.Glue.Client.Calls;

/// <summary>
/// What a client call reports about itself: its metrics when a meter listener is on, a client span when Glue's activity
/// source has listeners, and the W3C trace context its frame carries (the span's, else the caller's current
/// activity's), which makes the frame a traced one. Started with the call, ended once when the call completes.
/// </summary>
internal struct CallTelemetry
{
    private GlueMetrics? _metrics;
    private long _startTimestamp;
    private Activity? _span;

    /// <summary>The trace context sent with the call (default: none).</summary>
    public ActivityContext TraceContext { get; private set; }

    /// <summary>The client span of the call (null when no listener sampled it, and once ended).</summary>
    public readonly Activity? Span => _span;

    /// <summary>The context a call started now carries when it has no span of its own: the caller's current activity's.</summary>
    public static ActivityContext CallerTrace => Activity.Current?.Context ?? default;

    /// <summary>Starts measuring a call of <paramref name="method"/> to <paramref name="server"/>.</summary>
    public static CallTelemetry Start(GlueMetrics metrics, MethodDescriptor method, EndPoint? server)
    {
        var telemetry = default(CallTelemetry);
        if (metrics.CallsObserved)
        {
            telemetry._metrics = metrics;
            telemetry._startTimestamp = Stopwatch.GetTimestamp();
        }
        if (GlueTelemetry.Source.HasListeners())
        {
            telemetry._span = StartSpan(method, server);
        }
        telemetry.TraceContext = telemetry._span?.Context ?? CallerTrace;
        return telemetry;
    }

    /// <summary>Ends the span and records the metrics, when the call has either (once: both are forgotten here).</summary>
    public void End(MethodDescriptor? method, Exception? error)
    {
        if (_span is Activity span)
        {
            _span = null;
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
        if (_metrics is GlueMetrics metrics && method is not null)
        {
            _metrics = null;
            metrics.RecordCall(GlueSide.Client, method, _startTimestamp, error);
        }
    }

    private static Activity? StartSpan(MethodDescriptor method, EndPoint? server)
    {
        Activity? caller = Activity.Current;
        Activity? span = GlueTelemetry.Source.StartActivity(method.SpanName, ActivityKind.Client);
        if (span is null)
        {
            return null;
        }
        // The proxy method returns synchronously: leave the caller's current activity as it was.
        Activity.Current = caller;
        if (span.IsAllDataRequested)
        {
            span.SetTag("rpc.system", "glue");
            span.SetTag("rpc.service", method.Contract.Name);
            span.SetTag("rpc.method", method.Method.Name);
            if (server is IPEndPoint ip)
            {
                span.SetTag("server.address", ip.Address.ToString());
                span.SetTag("server.port", ip.Port);
            }
        }
        return span;
    }
}
