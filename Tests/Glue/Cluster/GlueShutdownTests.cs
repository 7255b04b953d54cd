using NFX.Glue;
using NFX.Tests.GlueCluster.Support;

namespace NFX.Tests.GlueCluster;

/// <summary>Graceful stop: calls in flight finish (within the shutdown timeout), new calls are refused with a clear error.</summary>
public sealed class GlueShutdownTests
{
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    [Test]
    public async Task StopAsync_CallsInFlight_FinishWithTheirResultsThenTheServerStops()
    {
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1, (_, o) => o with { ShutdownTimeout = TimeSpan.FromSeconds(15) });
        ProbeService service = nodes.Services[0];
        service.CloseGate();
        await using var client = new GlueClient(nodes.EndPoints[0], ClusterNodes.FastReconnect);
        INodeProbe probe = client.GetProxy<INodeProbe>();
        Task<int>[] held = Enumerable.Range(0, 3).Select(_ => probe.Hold(CancellationToken.None)).ToArray();
        for (int i = 0; i < held.Length; i++)
        {
            Assert.That(await service.Arrived.WaitAsync(s_guard), Is.True);
        }

        Task stopping = nodes.Server(0).StopAsync();
        await WaitForAsync(() => !client.IsConnected);
        Exception? refused = await Assert.ThrowsAsync(Is.InstanceOf<GlueConnectionException>(),
            async () => await probe.Whoami().WaitAsync(s_guard));
        Assert.That(stopping.IsCompleted, Is.False, "still draining");
        service.OpenGate();

        Assert.That(await Task.WhenAll(held).WaitAsync(s_guard), Is.All.Zero, "the calls in flight completed normally");
        await stopping.WaitAsync(s_guard);
        Assert.That(refused, Is.Not.Null);
        Assert.That(service.Canceled, Is.Zero);
        Assert.That(nodes.Server(0).ConnectionCount, Is.Zero);
    }

    [Test]
    public async Task StopAsync_CallOutlivesTheShutdownTimeout_IsCanceledAndFailsOnTheClient()
    {
        var logs = new ListLoggerFactory();
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1, (_, o) => o with { ShutdownTimeout = TimeSpan.FromMilliseconds(300), LoggerFactory = logs });
        ProbeService service = nodes.Services[0];
        service.CloseGate();
        await using var client = new GlueClient(nodes.EndPoints[0], ClusterNodes.FastReconnect);
        Task<int> held = client.GetProxy<INodeProbe>().Hold(CancellationToken.None);
        Assert.That(await service.Arrived.WaitAsync(s_guard), Is.True);

        await nodes.Server(0).StopAsync().WaitAsync(s_guard);

        await Assert.ThrowsAsync(Is.InstanceOf<GlueConnectionException>(), async () => await held.WaitAsync(s_guard));
        await WaitForAsync(() => service.Canceled == 1);
        Assert.That(logs.Entries.Select(e => e.Id.Id), Does.Contain(13).And.Contain(3), "stopped with a call still running");
    }

    [Test]
    public async Task Draining_CallArrivingAfterTheDrainBegan_IsRefusedWithUnavailableAndNotRun()
    {
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1, (_, o) => o with { ShutdownTimeout = TimeSpan.FromSeconds(15) });
        ProbeService service = nodes.Services[0];
        service.CloseGate();
        using RawGlueClient raw = await RawGlueClient.ConnectAsync(nodes.EndPoints[0]);
        await raw.SendHoldAsync(callId: 1);
        Assert.That(await service.Arrived.WaitAsync(s_guard), Is.True);

        Task stopping = nodes.Server(0).StopAsync();
        Assert.That(await raw.ReceiveTypeAsync(s_guard), Is.EqualTo(RawGlueClient.Draining));
        await raw.SendWhoamiAsync(callId: 2);

        (int callId, byte kind) = await raw.ReceiveErrorAsync(s_guard);
        Assert.That(callId, Is.EqualTo(2));
        Assert.That(kind, Is.EqualTo(6), "ErrorKind.Unavailable");
        Assert.That(service.Served, Is.Zero, "the refused call did not run");
        Assert.That(stopping.IsCompleted, Is.False);
        service.OpenGate();
        await stopping.WaitAsync(s_guard);
    }

    [Test]
    public async Task UnavailableError_FromTheServer_ReachesTheCallerAsGlueUnavailableException()
    {
        using var server = new RefusingGlueServer(errorKind: 6);
        await using var client = new GlueClient(server.EndPoint);

        GlueUnavailableException? error = await Assert.ThrowsAsync<GlueUnavailableException>(async () => await client.GetProxy<INodeProbe>().Whoami().WaitAsync(s_guard));

        Assert.That(error!.Message, Does.Contain("did not run the call").And.Contain("INodeProbe.Whoami"));
        Assert.That(client.IsConnected, Is.True, "a refused call does not close the connection");
    }

    private static async Task WaitForAsync(Func<bool> condition)
    {
        using var guard = new CancellationTokenSource(s_guard);
        while (!condition())
        {
            await Task.Delay(10, guard.Token);
        }
    }
}
