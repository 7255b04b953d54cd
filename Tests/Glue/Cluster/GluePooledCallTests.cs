using NFX.Glue;
using NFX.Tests.GlueCluster.Support;

namespace NFX.Tests.GlueCluster;

/// <summary>Pending calls are recycled: a frame queued for an earlier use of a recycled call object is never sent.</summary>
public sealed class GluePooledCallTests
{
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    [Test]
    public async Task CallCanceledWhileWaitingForASlot_ObjectReusedByTheNextCall_OnlyTheLiveCallReachesTheServer()
    {
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1);
        ProbeService service = nodes.Services[0];
        service.CloseGate();
        await using var client = new GlueClient(nodes.EndPoints[0], new GlueClientOptions { MaxInFlight = 1 });
        INodeProbe probe = client.GetProxy<INodeProbe>();
        Task<int> holder = probe.Hold(CancellationToken.None);
        Assert.That(await service.Arrived.WaitAsync(s_guard), Is.True);

        using var cancel = new CancellationTokenSource();
        Task<int> canceled = probe.Hold(cancel.Token);
        await cancel.CancelAsync();
        await Assert.ThrowsAsync(Is.InstanceOf<OperationCanceledException>(), async () => await canceled.WaitAsync(s_guard));
        // The canceled call's object went back to the pool when its result was taken; this call gets it (same result type).
        Task<int> next = probe.Hold(CancellationToken.None);
        service.OpenGate();

        Assert.That(await holder.WaitAsync(s_guard), Is.Zero);
        Assert.That(await next.WaitAsync(s_guard), Is.Zero);
        Assert.That(service.Holds, Is.EqualTo(2), "the canceled call's queued frame was dropped, not sent for the new call");
    }
}
