using NFX.Glue;
using NFX.Tests.GlueCluster.Support;

namespace NFX.Tests.GlueCluster;

/// <summary>
/// Per-call settings without a new proxy (<see cref="GlueCallScope"/>): deadline and cancellation reach the server;
/// wait-for-ready lets a call made while the server restarts wait for it, within the call's deadline.
/// </summary>
public sealed class GlueCallScopeTests
{
    // Bounds that only a hang reaches (the tests check outcomes, never speed).
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    private ClusterNodes _nodes = null!;

    [SetUp]
    public async Task SetUp() => _nodes = await ClusterNodes.StartAsync(1);

    [TearDown]
    public async Task TearDown() => await _nodes.DisposeAsync();

    [Test]
    public async Task Deadline_InScope_AppliesToCallsStartedThereAndCancelsTheServerSide()
    {
        await using GlueClient client = _nodes.CreateClient();
        INodeProbe probe = client.GetProxy<INodeProbe>();   // the proxy's deadline: 30 s
        _nodes.Services[0].CloseGate();

        Task<int> held;
        using (GlueCallScope.Begin(deadline: TimeSpan.FromMilliseconds(300)))
        {
            held = probe.Hold(CancellationToken.None);
        }

        await Assert.ThrowsAsync<GlueTimeoutException>(() => held.WaitAsync(s_guard), "the call keeps the scope's deadline after the scope ended");
        await WaitUntil(() => _nodes.Services[0].Canceled == 1);
        _nodes.Services[0].OpenGate();
        Assert.That(GlueCallScope.Current, Is.Null);
        Assert.That(await probe.Hold(CancellationToken.None).WaitAsync(s_guard), Is.Zero, "outside the scope the proxy's deadline applies");
    }

    [Test]
    public async Task Cancellation_InScope_CancelsTheCallAndTheServerSide()
    {
        await using GlueClient client = _nodes.CreateClient();
        INodeProbe probe = client.GetProxy<INodeProbe>();
        await client.ConnectAsync();
        _nodes.Services[0].CloseGate();
        using var cancel = new CancellationTokenSource();

        Task<int> held;
        using (GlueCallScope.Begin(cancellationToken: cancel.Token))
        {
            held = probe.Hold(CancellationToken.None);
        }
        await _nodes.Services[0].Arrived.WaitAsync(s_guard);
        await cancel.CancelAsync();

        await Assert.CatchAsync<OperationCanceledException>(() => held.WaitAsync(s_guard));
        await WaitUntil(() => _nodes.Services[0].Canceled == 1);
    }

    [Test]
    public async Task Cancellation_ScopeTokenAndMethodToken_EitherCancels()
    {
        await using GlueClient client = _nodes.CreateClient();
        INodeProbe probe = client.GetProxy<INodeProbe>();
        await client.ConnectAsync();
        _nodes.Services[0].CloseGate();
        using var scopeToken = new CancellationTokenSource();
        using var methodToken = new CancellationTokenSource();

        Task<int> first, second;
        using (GlueCallScope.Begin(cancellationToken: scopeToken.Token))
        {
            first = probe.Hold(methodToken.Token);
            second = probe.Hold(CancellationToken.None);
        }
        await methodToken.CancelAsync();

        await Assert.CatchAsync<OperationCanceledException>(() => first.WaitAsync(s_guard), "the method's own token");
        Assert.That(second.IsCompleted, Is.False, "the other call is not affected");
        await scopeToken.CancelAsync();
        await Assert.CatchAsync<OperationCanceledException>(() => second.WaitAsync(s_guard), "the scope's token");
    }

    [Test]
    public void Scopes_Nested_InheritWhatTheyDoNotSetAndRestoreOnDispose()
    {
        using var cancel = new CancellationTokenSource();
        using (GlueCallScope.Begin(deadline: TimeSpan.FromSeconds(5), cancellationToken: cancel.Token))
        {
            using (GlueCallScope.Begin(waitForReady: true))
            {
                Assert.That(GlueCallScope.Current!.Deadline, Is.EqualTo(TimeSpan.FromSeconds(5)));
                Assert.That(GlueCallScope.Current.CancellationToken, Is.EqualTo(cancel.Token));
                Assert.That(GlueCallScope.Current.WaitForReady, Is.True);
            }
            Assert.That(GlueCallScope.Current!.WaitForReady, Is.Null);
        }
        Assert.That(GlueCallScope.Current, Is.Null);
        Assert.Throws<ArgumentOutOfRangeException>(() => GlueCallScope.Begin(deadline: TimeSpan.Zero));
    }

    [Test]
    public async Task WaitForReady_ServerRestarting_CallWaitsAndSucceeds_FailFastFailsAtOnce()
    {
        await using GlueClient waiting = _nodes.CreateClient(ClusterNodes.FastReconnect with { WaitForReady = true });
        await using GlueClient failFast = _nodes.CreateClient();
        INodeProbe waitingProbe = waiting.GetProxy<INodeProbe>();
        INodeProbe failFastProbe = failFast.GetProxy<INodeProbe>();
        Assert.That(await waitingProbe.Whoami(), Is.Zero);
        Assert.That(await failFastProbe.Whoami(), Is.Zero);
        _nodes.Kill(0);
        await WaitUntil(() => !waiting.IsConnected && !failFast.IsConnected);

        Task<int> call = waitingProbe.Whoami();
        await Assert.CatchAsync<GlueConnectionException>(() => failFastProbe.Whoami().WaitAsync(s_guard), "fail-fast: no server, at once");
        await Task.Delay(300);
        Assert.That(call.IsCompleted, Is.False, "wait-for-ready: the call waits for the server");
        await _nodes.RestartAsync(0);

        Assert.That(await call.WaitAsync(s_guard), Is.Zero);
    }

    [Test]
    public async Task WaitForReady_ServerStaysDown_TimesOutAtTheCallsDeadline()
    {
        await using GlueClient client = _nodes.CreateClient();
        INodeProbe probe = client.GetProxy<INodeProbe>();
        Assert.That(await probe.Whoami(), Is.Zero);
        _nodes.Kill(0);
        await WaitUntil(() => !client.IsConnected);

        Task<int> call;
        using (GlueCallScope.Begin(deadline: TimeSpan.FromMilliseconds(500), waitForReady: true))
        {
            call = probe.Whoami();
        }

        GlueTimeoutException? error = await Assert.ThrowsAsync<GlueTimeoutException>(() => call.WaitAsync(s_guard));
        Assert.That(error!.Message, Does.Contain("still connecting"));
    }

    private static async Task WaitUntil(Func<bool> condition)
    {
        using var guard = new CancellationTokenSource(s_guard);
        while (!condition())
        {
            await Task.Delay(10, guard.Token);
        }
    }
}
