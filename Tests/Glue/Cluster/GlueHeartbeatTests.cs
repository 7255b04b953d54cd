using Microsoft.Extensions.Logging;
using NFX.Glue;
using NFX.Tests.GlueCluster.Support;

namespace NFX.Tests.GlueCluster;

/// <summary>A peer that stops responding without closing anything (a frozen relay) is found by heartbeats.</summary>
public sealed class GlueHeartbeatTests
{
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    [Test]
    public async Task Client_ServerStopsResponding_PendingCallsFailWithConnectionException()
    {
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1, (_, o) => o with { HeartbeatInterval = Timeout.InfiniteTimeSpan, HeartbeatTimeout = Timeout.InfiniteTimeSpan });
        await using var proxy = new TcpProxy(nodes.EndPoints[0]);
        var logs = new ListLoggerFactory();
        await using var client = new GlueClient(proxy.EndPoint, new GlueClientOptions
        {
            HeartbeatInterval = TimeSpan.FromMilliseconds(200),
            HeartbeatTimeout = TimeSpan.FromMilliseconds(1500),
            LoggerFactory = logs,
        });
        INodeProbe probe = client.GetProxy<INodeProbe>();
        nodes.Services[0].CloseGate();
        Assert.That(await probe.Whoami(), Is.Zero);

        Task<int> held = probe.Hold(CancellationToken.None);
        Assert.That(await nodes.Services[0].Arrived.WaitAsync(s_guard), Is.True);
        // Idle but alive for longer than the heartbeat timeout: the Pongs keep the connection up.
        await Task.Delay(2000);
        Assert.That(held.IsCompleted, Is.False);
        Assert.That(client.IsConnected, Is.True);
        proxy.Freeze();

        GlueConnectionException? error = await Assert.ThrowsAsync<GlueConnectionException>(async () => await held.WaitAsync(s_guard));

        Assert.That(error!.Message, Does.Contain("heartbeat"));
        Assert.That(logs.Entries.Any(e => e.Level == LogLevel.Warning && e.Text.Contains("heartbeat", StringComparison.Ordinal)), Is.True);
    }

    [Test]
    public async Task Server_ClientStopsResponding_ClosesTheConnectionAndCancelsItsCalls()
    {
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1, (_, o) => o with
        {
            HeartbeatInterval = TimeSpan.FromMilliseconds(200),
            HeartbeatTimeout = TimeSpan.FromMilliseconds(1500),
        });
        await using var proxy = new TcpProxy(nodes.EndPoints[0]);
        await using var client = new GlueClient(proxy.EndPoint, new GlueClientOptions
        {
            HeartbeatInterval = Timeout.InfiniteTimeSpan,
            HeartbeatTimeout = Timeout.InfiniteTimeSpan,
        });
        INodeProbe probe = client.GetProxy<INodeProbe>();
        nodes.Services[0].CloseGate();
        Task<int> held = probe.Hold(CancellationToken.None);
        Assert.That(await nodes.Services[0].Arrived.WaitAsync(s_guard), Is.True);
        await Task.Delay(2000);
        Assert.That(nodes.Server(0).ConnectionCount, Is.EqualTo(1), "the client answers the server's Pings: alive");

        proxy.Freeze();

        using var guard = new CancellationTokenSource(s_guard);
        while (nodes.Server(0).ConnectionCount > 0 || nodes.Services[0].Canceled == 0)
        {
            await Task.Delay(10, guard.Token);
        }
        Assert.That(nodes.Services[0].Canceled, Is.EqualTo(1), "the running call's token fired");
        Assert.That(held.IsCompleted, Is.False, "the frozen link never told the client");
    }

    [Test]
    public void Options_TimeoutNotLongerThanInterval_AreRefused()
    {
        var options = new GlueClientOptions { HeartbeatInterval = TimeSpan.FromSeconds(2), HeartbeatTimeout = TimeSpan.FromSeconds(1) };

        Assert.Throws<ArgumentOutOfRangeException>(() => _ = new GlueClient(new System.Net.IPEndPoint(System.Net.IPAddress.Loopback, 1), options));
    }
}
