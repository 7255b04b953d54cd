using System.Diagnostics;
using System.Diagnostics.Metrics;
using NFX.Glue.Contracts;

namespace NFX.Glue.Telemetry;

/// <summary>
/// The instruments of one Meter named <see cref="GlueTelemetry.Name"/>: the shared default one, or one made by the
/// user's <see cref="IMeterFactory"/>. Recording with no listener costs an enabled-check per instrument.
/// </summary>
internal sealed class GlueMetrics
{
    private static readonly double[] s_buckets =
        [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

    private GlueMetrics(Meter meter)
    {
        Meter = meter;
        Calls = meter.CreateCounter<long>(GlueTelemetry.Calls, "{call}", "Glue calls completed.");
        Errors = meter.CreateCounter<long>(GlueTelemetry.Errors, "{call}", "Glue calls that failed.");
        Duration = meter.CreateHistogram(GlueTelemetry.Duration, "s", "Duration of Glue calls.",
            advice: new InstrumentAdvice<double> { HistogramBucketBoundaries = s_buckets });
        BytesSent = meter.CreateCounter<long>(GlueTelemetry.BytesSent, "By", "Bytes written to Glue connections.");
        BytesReceived = meter.CreateCounter<long>(GlueTelemetry.BytesReceived, "By", "Bytes read from Glue connections.");
        ConnectionsOpened = meter.CreateCounter<long>(GlueTelemetry.ConnectionsOpened, "{connection}", "Glue connections established.");
        ConnectionsActive = meter.CreateUpDownCounter<long>(GlueTelemetry.ConnectionsActive, "{connection}", "Glue connections open.");
        Retries = meter.CreateCounter<long>(GlueTelemetry.Retries, "{retry}", "Glue calls the client attempted again.");
    }

    public static GlueMetrics Default { get; } = new(new Meter(GlueTelemetry.Name, Version));

    public Meter Meter { get; }

    public Counter<long> Calls { get; }

    public Counter<long> Errors { get; }

    public Histogram<double> Duration { get; }

    public Counter<long> BytesSent { get; }

    public Counter<long> BytesReceived { get; }

    public Counter<long> ConnectionsOpened { get; }

    public UpDownCounter<long> ConnectionsActive { get; }

    public Counter<long> Retries { get; }

    private static string? Version => typeof(GlueMetrics).Assembly.GetName().Version?.ToString();

    /// <summary>The default instruments, or instruments of a Meter made by <paramref name="factory"/>.</summary>
    public static GlueMetrics For(IMeterFactory? factory) =>
        factory is null ? Default : new GlueMetrics(factory.Create(new MeterOptions(GlueTelemetry.Name) { Version = Version }));

    /// <summary>True when a per-call measurement has a listener (so the caller takes a start timestamp).</summary>
    public bool CallsObserved => Calls.Enabled || Duration.Enabled || Errors.Enabled;

    /// <summary>Records one retry of a client call.</summary>
    public void RecordRetry(MethodDescriptor method, string reason)
    {
        if (Retries.Enabled)
        {
            Retries.Add(1, new TagList
            {
                GlueSide.Client.Tag(),
                new("rpc.service", method.Contract.Name),
                new("rpc.method", method.Method.Name),
                new("glue.retry.reason", reason),
            });
        }
    }

    /// <summary>Records one finished call.</summary>
    public void RecordCall(GlueSide side, MethodDescriptor method, long startTimestamp, Exception? error)
    {
        var tags = new TagList
        {
            side.Tag(),
            new("rpc.service", method.Contract.Name),
            new("rpc.method", method.Method.Name),
        };
        Calls.Add(1, in tags);
        if (startTimestamp != 0 && Duration.Enabled)
        {
            Duration.Record(Stopwatch.GetElapsedTime(startTimestamp).TotalSeconds, in tags);
        }
        if (error is not null)
        {
            tags.Add("error.type", error.GetType().Name);
            Errors.Add(1, in tags);
        }
    }
}
