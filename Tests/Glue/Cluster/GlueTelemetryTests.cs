using System.Collections.Concurrent;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using NFX.Glue;
using NFX.Tests.GlueCluster.Support;

namespace NFX.Tests.GlueCluster;

/// <summary>Metrics (Meter "NFX.Glue") and traces (ActivitySource "NFX.Glue", W3C context in the call frame).</summary>
public sealed class GlueTelemetryTests
{
    [Test]
    public async Task Metrics_CallsAndAFailure_CountedOnBothSidesWithBytesConnectionsAndDurations()
    {
        using var clientMeters = new TestMeterFactory();
        using var serverMeters = new TestMeterFactory();
        var measurements = new ConcurrentQueue<(object Scope, string Instrument, double Value, Dictionary<string, object?> Tags)>();
        using var listener = new MeterListener();
        listener.InstrumentPublished = (instrument, l) =>
        {
            if (instrument.Meter.Name == GlueTelemetry.Name && instrument.Meter.Scope is TestMeterFactory)
            {
                l.EnableMeasurementEvents(instrument);
            }
        };
        listener.SetMeasurementEventCallback<long>((i, v, tags, _) => measurements.Enqueue((i.Meter.Scope!, i.Name, v, ToDictionary(tags))));
        listener.SetMeasurementEventCallback<double>((i, v, tags, _) => measurements.Enqueue((i.Meter.Scope!, i.Name, v, ToDictionary(tags))));
        listener.Start();
        var quiet = new GlueServerOptions { HeartbeatInterval = Timeout.InfiniteTimeSpan, HeartbeatTimeout = Timeout.InfiniteTimeSpan };

        await using (ClusterNodes nodes = await ClusterNodes.StartAsync(1, (_, o) => o with
        {
            MeterFactory = serverMeters,
            HeartbeatInterval = quiet.HeartbeatInterval,
            HeartbeatTimeout = quiet.HeartbeatTimeout,
        }))
        {
            await using var client = new GlueClient(nodes.EndPoints[0], new GlueClientOptions
            {
                MeterFactory = clientMeters,
                HeartbeatInterval = Timeout.InfiniteTimeSpan,
                HeartbeatTimeout = Timeout.InfiniteTimeSpan,
            });
            INodeProbe probe = client.GetProxy<INodeProbe>();
            for (int i = 0; i < 5; i++)
            {
                Assert.That(await probe.Add(i, 1), Is.EqualTo(i + 1));
            }
            await Assert.ThrowsAsync<RemoteException>(() => probe.Fail("no"));
            await WaitForAsync(() => Sum(measurements, serverMeters, GlueTelemetry.Calls) == 6);

            double Of(TestMeterFactory scope, string name) => Sum(measurements, scope, name);
            Assert.That(Of(clientMeters, GlueTelemetry.Calls), Is.EqualTo(6));
            Assert.That(Of(serverMeters, GlueTelemetry.Calls), Is.EqualTo(6));
            Assert.That(Of(clientMeters, GlueTelemetry.Errors), Is.EqualTo(1));
            Assert.That(Of(serverMeters, GlueTelemetry.Errors), Is.EqualTo(1));
            Assert.That(Tags(measurements, clientMeters, GlueTelemetry.Errors).Single()["error.type"], Is.EqualTo(nameof(RemoteException)));
            Assert.That(Tags(measurements, serverMeters, GlueTelemetry.Errors).Single()["error.type"], Is.EqualTo(nameof(InvalidOperationException)));
            Assert.That(Tags(measurements, clientMeters, GlueTelemetry.Calls).Select(t => t["rpc.method"]),
                Is.EqualTo(Enumerable.Repeat("Add", 5).Append("Fail")));
            Assert.That(Tags(measurements, clientMeters, GlueTelemetry.Calls).Select(t => t["glue.side"]), Is.All.EqualTo("client"));
            Assert.That(Tags(measurements, serverMeters, GlueTelemetry.Calls).Select(t => t["glue.side"]), Is.All.EqualTo("server"));
            Assert.That(Count(measurements, clientMeters, GlueTelemetry.Duration), Is.EqualTo(6));
            Assert.That(Count(measurements, serverMeters, GlueTelemetry.Duration), Is.EqualTo(6));
            Assert.That(Of(clientMeters, GlueTelemetry.BytesSent), Is.GreaterThan(6 * 5));
            Assert.That(Of(serverMeters, GlueTelemetry.BytesReceived), Is.EqualTo(Of(clientMeters, GlueTelemetry.BytesSent)), "what one side wrote, the other read");
            Assert.That(Of(clientMeters, GlueTelemetry.BytesReceived), Is.EqualTo(Of(serverMeters, GlueTelemetry.BytesSent)));
            Assert.That(Of(clientMeters, GlueTelemetry.ConnectionsOpened), Is.EqualTo(1));
            Assert.That(Of(serverMeters, GlueTelemetry.ConnectionsOpened), Is.EqualTo(1));
            Assert.That(Of(clientMeters, GlueTelemetry.ConnectionsActive), Is.EqualTo(1));
        }
        Assert.That(Sum(measurements, clientMeters, GlueTelemetry.ConnectionsActive), Is.Zero, "closed again");
        Assert.That(Sum(measurements, serverMeters, GlueTelemetry.ConnectionsActive), Is.Zero);
    }

    [Test]
    public async Task Tracing_CallInsideAnActivity_ServerSpanIsTheChildOfTheClientSpanInTheSameTrace()
    {
        var stopped = new ConcurrentQueue<Activity>();
        using var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == GlueTelemetry.Name,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = stopped.Enqueue,
        };
        ActivitySource.AddActivityListener(listener);
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1);
        await using var client = new GlueClient(nodes.EndPoints[0]);
        INodeProbe probe = client.GetProxy<INodeProbe>();
        await probe.Whoami();

        using var root = new Activity("test-root");
        root.SetIdFormat(ActivityIdFormat.W3C);
        root.TraceStateString = "glue=test";
        root.Start();
        Assert.That(await probe.Add(1, 2), Is.EqualTo(3));
        Assert.That(Activity.Current, Is.SameAs(root), "the call leaves the caller's current activity alone");
        root.Stop();
        await WaitForAsync(() => stopped.Count(a => a.TraceId == root.TraceId) == 2);

        Activity[] spans = stopped.Where(a => a.TraceId == root.TraceId).ToArray();
        Activity clientSpan = spans.Single(a => a.Kind == ActivityKind.Client);
        Activity serverSpan = spans.Single(a => a.Kind == ActivityKind.Server);
        Assert.That(clientSpan.ParentSpanId, Is.EqualTo(root.SpanId));
        Assert.That(serverSpan.ParentSpanId, Is.EqualTo(clientSpan.SpanId));
        Assert.That(serverSpan.HasRemoteParent, Is.True);
        Assert.That(serverSpan.TraceStateString, Is.EqualTo("glue=test"));
        Assert.That(clientSpan.DisplayName, Is.EqualTo(typeof(INodeProbe).FullName + "/Add"));
        Assert.That(serverSpan.GetTagItem("rpc.method"), Is.EqualTo("Add"));
    }

    [Test]
    public async Task Tracing_NoGlueListenerButACurrentActivity_TheContextStillReachesTheServer()
    {
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1);
        await using var client = new GlueClient(nodes.EndPoints[0]);
        INodeProbe probe = client.GetProxy<INodeProbe>();
        await probe.Whoami();
        var serverSpans = new ConcurrentQueue<Activity>();
        using var listener = new ActivityListener
        {
            // Listens to the server's spans only once the client has nothing to listen to: the client creates no span,
            // so the server's parent is the caller's own activity.
            ShouldListenTo = source => source.Name == GlueTelemetry.Name,
            Sample = (ref ActivityCreationOptions<ActivityContext> o) => o.Kind == ActivityKind.Server
                ? ActivitySamplingResult.AllDataAndRecorded : ActivitySamplingResult.None,
            ActivityStopped = serverSpans.Enqueue,
        };
        ActivitySource.AddActivityListener(listener);

        using var root = new Activity("caller").SetIdFormat(ActivityIdFormat.W3C).Start();
        await probe.Whoami();
        root.Stop();
        await WaitForAsync(() => serverSpans.Any(a => a.TraceId == root.TraceId));

        Assert.That(serverSpans.Single(a => a.TraceId == root.TraceId).ParentSpanId, Is.EqualTo(root.SpanId));
    }

    private static Dictionary<string, object?> ToDictionary(ReadOnlySpan<KeyValuePair<string, object?>> tags)
    {
        var result = new Dictionary<string, object?>();
        foreach (KeyValuePair<string, object?> tag in tags)
        {
            result[tag.Key] = tag.Value;
        }
        return result;
    }

    private static double Sum(IEnumerable<(object Scope, string Instrument, double Value, Dictionary<string, object?> Tags)> all, object scope, string name) =>
        all.Where(m => m.Scope == scope && m.Instrument == name).Sum(m => m.Value);

    private static int Count(IEnumerable<(object Scope, string Instrument, double Value, Dictionary<string, object?> Tags)> all, object scope, string name) =>
        all.Count(m => m.Scope == scope && m.Instrument == name);

    private static List<Dictionary<string, object?>> Tags(IEnumerable<(object Scope, string Instrument, double Value, Dictionary<string, object?> Tags)> all, object scope, string name) =>
        all.Where(m => m.Scope == scope && m.Instrument == name).Select(m => m.Tags).ToList();

    private static async Task WaitForAsync(Func<bool> condition)
    {
        using var guard = new CancellationTokenSource(TimeSpan.FromSeconds(20));
        while (!condition())
        {
            await Task.Delay(10, guard.Token);
        }
    }
}
