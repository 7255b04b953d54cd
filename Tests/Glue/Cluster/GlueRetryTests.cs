using System.Diagnostics.Metrics;
using System.Net;
using NFX.Glue;
using NFX.Tests.GlueCluster.Support;
using NFX.Tests.GlueStreaming.Support;
using NFX.Tests.RetryProbe;

namespace NFX.Tests.GlueCluster;

/// <summary>
/// Retries over TCP: a call that provably never reached a server, or that a server refused unrun, is retried on another
/// endpoint; an idempotent call cut off by a lost connection is retried; any other call cut off fails and runs at most once.
/// </summary>
public sealed class GlueRetryTests
{
    // Bounds that only a hang reaches (the tests check outcomes, never speed).
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    private RetryNodes _nodes = null!;

    [SetUp]
    public async Task SetUp() => _nodes = await RetryNodes.StartAsync(2);

    [TearDown]
    public async Task TearDown() => await _nodes.DisposeAsync();

    [Test]
    public async Task UnsentCall_ItsNodeDies_IsRetriedOnTheOtherNodeAndRunsOnce()
    {
        using var logs = new ListLoggerFactory();
        using var meters = new TestMeterFactory();
        var retries = new System.Collections.Concurrent.ConcurrentQueue<string?>();
        using var listener = new MeterListener();
        listener.InstrumentPublished = (instrument, l) =>
        {
            if (instrument.Meter.Scope == meters && instrument.Name == GlueTelemetry.Retries)
            {
                l.EnableMeasurementEvents(instrument);
            }
        };
        listener.SetMeasurementEventCallback<long>((_, value, tags, _) =>
        {
            foreach (KeyValuePair<string, object?> tag in tags)
            {
                if (tag.Key == "glue.retry.reason")
                {
                    retries.Enqueue($"{value} {tag.Value}");
                }
            }
        });
        listener.Start();
        await using GlueClient client = await ConnectedClientAsync(Options() with { LoggerFactory = logs, MeterFactory = meters });
        IRetryProbe probe = client.GetProxy<IRetryProbe>();
        _nodes.Services[0].HoldCalls();

        Task<int> sent = probe.Charge(1);                     // node 0 (pick-first), held there
        await _nodes.Services[0].Arrived.WaitAsync(s_guard);
        Task<int> unsent = probe.Charge(2);                   // waits for node 0's only slot: never written
        _nodes.Kill(0);

        Assert.That(await unsent.WaitAsync(s_guard), Is.EqualTo(20), "retried on node 1");
        await Assert.ThrowsAsync<GlueConnectionException>(async () => await sent.WaitAsync(s_guard), "sent, perhaps run: not retried");
        Assert.That(_nodes.Services[0].Charges, Is.EqualTo(1), "node 0 ran only the first call");
        Assert.That(_nodes.Services[1].Charges, Is.EqualTo(1), "node 1 ran the retried call, and not the first");
        Assert.That(logs.Entries.Any(e => e.Text.Contains("retrying IRetryProbe.Charge") && e.Text.Contains("unsent")), Is.True,
            string.Join("\n", logs.Entries.Select(e => e.Text)));
        Assert.That(retries, Is.EqualTo(new[] { "1 unsent" }), "one retry counted, with its reason");
    }

    [Test]
    public async Task UnsentCall_RetriesOff_FailsWithConnectionExceptionAndRunsNowhere()
    {
        await using GlueClient client = await ConnectedClientAsync(Options() with { Retry = GlueRetryOptions.None });
        IRetryProbe probe = client.GetProxy<IRetryProbe>();
        _nodes.Services[0].HoldCalls();

        Task<int> sent = probe.Charge(1);
        await _nodes.Services[0].Arrived.WaitAsync(s_guard);
        Task<int> unsent = probe.Charge(2);
        _nodes.Kill(0);

        await Assert.ThrowsAsync<GlueConnectionException>(async () => await unsent.WaitAsync(s_guard));
        await Assert.ThrowsAsync<GlueConnectionException>(async () => await sent.WaitAsync(s_guard));
        Assert.That(_nodes.Services[1].Charges, Is.Zero);
    }

    [Test]
    public async Task IdempotentCall_ConnectionLostMidCall_IsRetriedOnTheOtherNode()
    {
        await using GlueClient client = await ConnectedClientAsync(Options());
        IRetryProbe probe = client.GetProxy<IRetryProbe>();
        _nodes.Services[0].HoldCalls();

        Task<int> lookup = probe.Lookup(4);
        await _nodes.Services[0].Arrived.WaitAsync(s_guard);
        _nodes.Kill(0);

        Assert.That(await lookup.WaitAsync(s_guard), Is.EqualTo(40));
        Assert.That((_nodes.Services[0].Lookups, _nodes.Services[1].Lookups), Is.EqualTo((1, 1)), "ran on both: allowed, it is idempotent");
    }

    [Test]
    public async Task IdempotentCall_NoNodeComesBack_FailsWithTimeoutAtItsDeadline()
    {
        await using GlueClient client = await ConnectedClientAsync(Options() with { WaitForReady = true });
        IRetryProbe probe = client.GetProxy<IRetryProbe>(TimeSpan.FromMilliseconds(1500));
        _nodes.Services[0].HoldCalls();
        _nodes.Services[1].HoldCalls();

        Task<int> lookup = probe.Lookup(5);
        await _nodes.Services[0].Arrived.WaitAsync(s_guard);
        _nodes.Kill(0);
        await _nodes.Services[1].Arrived.WaitAsync(s_guard);   // the retry reached node 1, which holds it too
        _nodes.Kill(1);

        await Assert.ThrowsAsync<GlueTimeoutException>(async () => await lookup.WaitAsync(s_guard), "waits for a node within the deadline, then gives up");
    }

    [Test]
    public async Task IdempotentCall_CanceledWhileItsRetryWaitsForANode_FailsWithOperationCanceled()
    {
        await using var client = new GlueClient(_nodes.EndPoints[0], Options() with { WaitForReady = true });
        IRetryProbe probe = client.GetProxy<IRetryProbe>();
        _nodes.Services[0].HoldCalls();
        using var cancel = new CancellationTokenSource();

        Task<int> lookup;
        using (GlueCallScope.Begin(cancellationToken: cancel.Token))
        {
            lookup = probe.Lookup(6);
        }
        await _nodes.Services[0].Arrived.WaitAsync(s_guard);
        _nodes.Kill(0);
        await WaitUntil(() => client.GetStatus()[0].ConsecutiveFailures > 0);   // the retry is waiting for the node to come back
        await cancel.CancelAsync();

        Assert.That(async () => await lookup.WaitAsync(s_guard), Throws.InstanceOf<OperationCanceledException>());
    }

    [Test]
    public async Task RefusedBeforeDispatch_ByAStoppingServer_IsRetriedOnTheOtherNode()
    {
        using var refusing = new RefusingGlueServer(errorKind: 6); // Unavailable: "the server is stopping; the call was not run"
        await using GlueClient client = new([refusing.EndPoint, _nodes.EndPoints[1]], Options());
        IRetryProbe probe = client.GetProxy<IRetryProbe>();   // before connecting: the fake server answers no Bind
        await client.ConnectAsync();
        await WaitUntil(() => client.GetStatus().All(s => s.IsConnected));

        int answer = await probe.Charge(3).WaitAsync(s_guard);

        Assert.That(answer, Is.EqualTo(30));
        Assert.That(refusing.Calls, Is.EqualTo(1));
        Assert.That(_nodes.Services[1].Charges, Is.EqualTo(1));
    }

    [Test]
    public async Task RefusedEveryTime_SingleServer_FailsAfterMaxAttemptsWithUnavailable()
    {
        using var refusing = new RefusingGlueServer(errorKind: 6);
        await using var client = new GlueClient(refusing.EndPoint, Options() with { Retry = new GlueRetryOptions { MaxAttempts = 4 } });

        await Assert.ThrowsAsync<GlueUnavailableException>(async () => await client.GetProxy<IRetryProbe>().Charge(1).WaitAsync(s_guard));
        Assert.That(refusing.Calls, Is.EqualTo(4), "the first attempt and three retries");
    }

    [Test]
    public async Task RetryBudget_Spent_FurtherCallsFailWithTheirOwnError()
    {
        await using GlueClient client = await ConnectedClientAsync(Options() with { Retry = new GlueRetryOptions { BudgetPerSecond = 1 } });
        IRetryProbe probe = client.GetProxy<IRetryProbe>();
        _nodes.Services[0].HoldCalls();

        Task<int> sent = probe.Charge(1);
        await _nodes.Services[0].Arrived.WaitAsync(s_guard);
        Task<int>[] unsent = [probe.Charge(2), probe.Charge(3), probe.Charge(4)];
        _nodes.Kill(0);

        int succeeded = 0;
        int failed = 0;
        foreach (Task<int> call in unsent)
        {
            try
            {
                await call.WaitAsync(s_guard);
                succeeded++;
            }
            catch (GlueConnectionException)
            {
                failed++;
            }
        }
        Assert.That((succeeded, failed), Is.EqualTo((1, 2)), "a budget of one retry");
        Assert.That(_nodes.Services[1].Charges, Is.EqualTo(1));
        await Assert.ThrowsAsync<GlueConnectionException>(async () => await sent.WaitAsync(s_guard));
    }

    [Test]
    public async Task StreamingCall_UnsentWhenItsNodeDies_FailsAndIsNotRetried()
    {
        var services = new[] { new StreamsService(), new StreamsService() };
        var servers = new GlueServer[2];
        for (int i = 0; i < 2; i++)
        {
            servers[i] = new GlueServer(new GlueServerOptions { EndPoint = new IPEndPoint(IPAddress.Loopback, 0) });
            servers[i].Host<IStreams>(services[i]);
            await servers[i].StartAsync();
        }
        try
        {
            await using var client = new GlueClient(servers.Select(s => (EndPoint)s.LocalEndPoint!), Options());
            IStreams streams = client.GetProxy<IStreams>();
            await client.ConnectAsync();
            await WaitUntil(() => client.GetStatus().All(s => s.IsConnected));

            await using IAsyncEnumerator<int> endless = streams.Endless(CancellationToken.None).GetAsyncEnumerator();
            Assert.That(await endless.MoveNextAsync(), Is.True, "the stream holds node 0's only slot");
            Task<long> sum = streams.Sum(Values());             // waits for the slot: never written
            servers[0].Kill();

            // Not withdrawn and resent as a plain call: its upload belongs to the connection it started on.
            GlueConnectionException? error = await Assert.ThrowsAsync<GlueConnectionException>(async () => await sum.WaitAsync(s_guard));
            Assert.That(error, Is.Not.InstanceOf<GlueUnavailableException>());
        }
        finally
        {
            await servers[1].DisposeAsync();
        }

        static async IAsyncEnumerable<int> Values()
        {
            await Task.Yield();
            yield return 1;
        }
    }

    [Test]
    public void RetryOptions_Invalid_AreRefused()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => _ = new GlueClient(_nodes.EndPoints[0], new GlueClientOptions { Retry = new GlueRetryOptions { MaxAttempts = 0 } }));
        Assert.Throws<ArgumentOutOfRangeException>(() => _ = new GlueClient(_nodes.EndPoints[0],
            new GlueClientOptions { Retry = new GlueRetryOptions { Backoff = TimeSpan.FromSeconds(2), MaxBackoff = TimeSpan.FromSeconds(1) } }));
    }

    [Test]
    public void Idempotent_OnMethodOrInterface_MarksTheMethods()
    {
        var probe = NFX.Glue.Contracts.ContractDescriptor.For(typeof(IRetryProbe));
        var reads = NFX.Glue.Contracts.ContractDescriptor.For(typeof(IReads));

        Assert.That(probe.Methods.ToDictionary(m => m.Method.Name, m => m.IsIdempotent),
            Is.EqualTo(new Dictionary<string, bool> { ["Charge"] = false, ["Lookup"] = true }));
        Assert.That(reads.Methods.Select(m => m.IsIdempotent), Is.All.True);
    }

    /// <summary>Pick-first over both nodes (node 0 takes every call while it is up), one call on the wire per connection.</summary>
    private static GlueClientOptions Options() => ClusterNodes.FastReconnect with
    {
        LoadBalancing = GlueLoadBalancing.PickFirst,
        MaxInFlight = 1,
    };

    private async Task<GlueClient> ConnectedClientAsync(GlueClientOptions options)
    {
        var client = new GlueClient(_nodes.EndPoints.Cast<EndPoint>(), options);
        await client.ConnectAsync();
        await WaitUntil(() => client.GetStatus().All(s => s.IsConnected));
        return client;
    }

    private static async Task WaitUntil(Func<bool> condition)
    {
        using var guard = new CancellationTokenSource(s_guard);
        while (!condition())
        {
            await Task.Delay(10, guard.Token);
        }
    }

    /// <summary>A contract whose every method is idempotent.</summary>
    [Glued]
    [GlueIdempotent]
    public interface IReads
    {
        Task<int> Get(int id);

        Task<string> Name(int id);
    }
}
