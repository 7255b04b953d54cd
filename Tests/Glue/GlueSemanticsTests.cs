using NFX.Glue;
using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

[TestFixtureSource(typeof(GlueTransports), nameof(GlueTransports.All))]
public sealed class GlueSemanticsTests(GlueTransportKind kind)
{
    // Generous bounds that only a hang would reach: the tests check outcomes, never speed.
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    private ShapesService _service = null!;
    private GlueTestHost _host = null!;

    [SetUp]
    public async Task SetUp()
    {
        _service = new ShapesService();
        _host = await GlueTestHost.StartAsync(kind, s => s.Host<IShapes>(_service).Host<IGreeter>(new Greeter()));
    }

    [TearDown]
    public async Task TearDown() => await _host.DisposeAsync();

    [Test]
    public async Task Deadline_CallOutlivesIt_TimesOutAndServerTokenIsCanceled()
    {
        IShapes proxy = _host.CreateClient().GetProxy<IShapes>(TimeSpan.FromMilliseconds(300));

        await Assert.ThrowsAsync<GlueTimeoutException>(() => proxy.Delay(60_000, CancellationToken.None).WaitAsync(s_guard));

        Assert.That(await _service.DelayCanceled.Task.WaitAsync(s_guard), Is.True);
    }

    [Test]
    public async Task Cancellation_ClientCancels_CallFailsAndServerTokenIsCanceled()
    {
        IShapes proxy = _host.CreateClient().GetProxy<IShapes>();
        using var cts = new CancellationTokenSource();

        Task<int> call = proxy.Delay(60_000, cts.Token);
        Assert.That(await _service.DelayStarted.WaitAsync(s_guard), Is.True);
        await cts.CancelAsync();

        Assert.That(async () => await call.WaitAsync(s_guard), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await _service.DelayCanceled.Task.WaitAsync(s_guard), Is.True);
    }

    [Test]
    public void Cancellation_TokenAlreadyCanceled_NothingIsSent()
    {
        IShapes proxy = _host.CreateClient().GetProxy<IShapes>();

        Assert.That(async () => await proxy.Delay(1000, new CancellationToken(true)), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(_service.DelaysStarted, Is.Zero);
    }

    [Test]
    public async Task RemoteException_ImplementationThrows_CarriesTypeMessageAndStackTrace()
    {
        IShapes proxy = _host.CreateClient().GetProxy<IShapes>();

        RemoteException? error = await Assert.ThrowsAsync<RemoteException>(() => proxy.Throw("boom"));

        Assert.That(error!.RemoteTypeName, Is.EqualTo("System.InvalidOperationException"));
        Assert.That(error.RemoteMessage, Is.EqualTo("boom"));
        Assert.That(error.RemoteStackTrace, Does.Contain(nameof(ShapesService.Throw)));
        Assert.That(error.RemoteError, Is.Null, "the client allowed no exception types");
        Assert.That(await proxy.Add(1, 2), Is.EqualTo(3), "the connection survives a remote exception");
    }

    [Test]
    public async Task RemoteException_TypeAllowedByClient_CarriesTheOriginalObject()
    {
        IShapes proxy = _host.CreateClient(new GlueClientOptions { RemoteExceptionTypes = [typeof(InvalidOperationException)] }).GetProxy<IShapes>();

        RemoteException? error = await Assert.ThrowsAsync<RemoteException>(() => proxy.Throw("boom"));

        Assert.That(error!.RemoteError, Is.InstanceOf<InvalidOperationException>());
        Assert.That(error.RemoteError!.Message, Is.EqualTo("boom"));
        Assert.That(error.InnerException, Is.SameAs(error.RemoteError));
    }

    [Test]
    public async Task ParallelCalls_TenThousandThroughOneClient_EachGetsItsOwnAnswer()
    {
        GlueClient client = _host.CreateClient();
        IShapes proxy = client.GetProxy<IShapes>();

        var calls = new Task<int>[10_000];
        for (int i = 0; i < calls.Length; i++)
        {
            calls[i] = proxy.Add(i, 2 * i);
        }
        int[] results = await Task.WhenAll(calls).WaitAsync(s_guard);

        Assert.That(results, Is.EqualTo(Enumerable.Range(0, calls.Length).Select(i => 3 * i)));
        Assert.That(_host.Server.ConnectionCount, Is.EqualTo(1), "all calls shared one connection");
    }

    [Test]
    public async Task InFlightCaps_FarBelowTheLoad_EveryCallCompletesInTurn()
    {
        await _host.DisposeAsync();
        _host = await GlueTestHost.StartAsync(kind, s => s.Host<IShapes>(_service),
            GlueTestHost.DefaultServerOptions with { MaxInFlightPerConnection = 4 });
        IShapes proxy = _host.CreateClient(new GlueClientOptions { MaxInFlight = 16 }).GetProxy<IShapes>();

        Task<string?>[] calls = Enumerable.Range(0, 2000).Select(i => proxy.Echo(i.ToString()).AsTask()).ToArray();
        string?[] results = await Task.WhenAll(calls).WaitAsync(s_guard);

        Assert.That(results, Is.EqualTo(Enumerable.Range(0, 2000).Select(i => i.ToString())));
    }

    [Test]
    public async Task ServerStopped_CallsPending_FailFastWithConnectionException()
    {
        IShapes proxy = _host.CreateClient().GetProxy<IShapes>();
        Task<int>[] calls = Enumerable.Range(0, 5).Select(_ => proxy.Delay(60_000, CancellationToken.None)).ToArray();
        for (int i = 0; i < calls.Length; i++)
        {
            Assert.That(await _service.DelayStarted.WaitAsync(s_guard), Is.True);
        }

        await _host.Server.StopAsync().WaitAsync(s_guard);

        foreach (Task<int> call in calls)
        {
            // The deadline is 30 s and the guard 20 s: only a fast failure passes.
            Assert.That(async () => await call.WaitAsync(s_guard), Throws.InstanceOf<GlueConnectionException>());
        }
        Assert.That(await _service.DelayCanceled.Task.WaitAsync(s_guard), Is.True, "the server canceled the running calls");
    }

    [Test]
    public async Task ServerStopped_CallsWaitingForASlot_FailFastToo()
    {
        IShapes proxy = _host.CreateClient(new GlueClientOptions { MaxInFlight = 2 }).GetProxy<IShapes>();
        Task<int>[] calls = Enumerable.Range(0, 6).Select(_ => proxy.Delay(60_000, CancellationToken.None)).ToArray();
        Assert.That(await _service.DelayStarted.WaitAsync(s_guard), Is.True);
        Assert.That(await _service.DelayStarted.WaitAsync(s_guard), Is.True);

        await _host.Server.StopAsync().WaitAsync(s_guard);

        foreach (Task<int> call in calls)
        {
            Assert.That(async () => await call.WaitAsync(s_guard), Throws.InstanceOf<GlueConnectionException>());
        }
        Assert.That(_service.DelaysStarted, Is.EqualTo(2), "four calls never got a slot");
    }

    [Test]
    public async Task InFlightCap_CallWaitingInLine_TimesOutWithoutReachingTheServer()
    {
        GlueClient client = _host.CreateClient(new GlueClientOptions { MaxInFlight = 1 });
        Task<int> holder = client.GetProxy<IShapes>().Delay(60_000, CancellationToken.None);
        Assert.That(await _service.DelayStarted.WaitAsync(s_guard), Is.True);
        IShapes quick = client.GetProxy<IShapes>(TimeSpan.FromMilliseconds(300));
        using var cts = new CancellationTokenSource();

        Task<int> canceled = quick.Delay(1, cts.Token);
        await cts.CancelAsync();
        Assert.That(async () => await canceled.WaitAsync(s_guard), Throws.InstanceOf<OperationCanceledException>());
        await Assert.ThrowsAsync<GlueTimeoutException>(() => quick.Delay(1, CancellationToken.None).WaitAsync(s_guard));

        Assert.That(_service.DelaysStarted, Is.EqualTo(1), "the waiting calls never left the client");
        Assert.That(holder.IsCompleted, Is.False);
    }

    [Test]
    public async Task OversizedArguments_OverClientLimit_FailThatCallAndKeepTheConnection()
    {
        IShapes proxy = _host.CreateClient(new GlueClientOptions { MaxMessageSize = 64 * 1024 }).GetProxy<IShapes>();
        Assert.That(await proxy.Mark(new GluePayloadMarkerZq { Value = 1 }), Has.Property("Value").EqualTo(2));

        GlueMessageTooLargeException? error = await Assert.ThrowsAsync<GlueMessageTooLargeException>(() => proxy.Measure(new byte[100_000]));

        Assert.That(error!.Limit, Is.EqualTo(64 * 1024));
        Assert.That(error.Size, Is.GreaterThan(100_000));
        Assert.That(await proxy.Measure(new byte[1000]), Is.EqualTo(1000));
        Assert.That(await proxy.Mark(new GluePayloadMarkerZq { Value = 5 }), Has.Property("Value").EqualTo(6), "registries agree after the reset");
        Assert.That(_host.Server.ConnectionCount, Is.EqualTo(1));
    }

    [Test]
    public async Task OversizedResult_OverServerLimit_FailsThatCallAndKeepsTheConnection()
    {
        await _host.DisposeAsync();
        _host = await GlueTestHost.StartAsync(kind, s => s.Host<IShapes>(_service),
            GlueTestHost.DefaultServerOptions with { MaxMessageSize = 64 * 1024 });
        IShapes proxy = _host.CreateClient().GetProxy<IShapes>();

        await Assert.ThrowsAsync<GlueMessageTooLargeException>(() => proxy.Blob(100_000));

        Assert.That(await proxy.Blob(10), Has.Length.EqualTo(10));
        Assert.That(await proxy.Mark(new GluePayloadMarkerZq { Value = 7 }), Has.Property("Value").EqualTo(8));
        Assert.That(_host.Server.ConnectionCount, Is.EqualTo(1));
    }

    [Test]
    public async Task OversizedResult_OverClientLimit_ServerAnswersWithErrorAndKeepsTheConnection()
    {
        IShapes proxy = _host.CreateClient(new GlueClientOptions { MaxMessageSize = 64 * 1024 }).GetProxy<IShapes>();

        await Assert.ThrowsAsync<GlueMessageTooLargeException>(() => proxy.Blob(100_000));

        Assert.That(await proxy.Blob(10), Has.Length.EqualTo(10));
        Assert.That(_host.Server.ConnectionCount, Is.EqualTo(1));
    }

    [Test]
    public async Task TypePolicy_ArgumentTypeNotAllowedByServer_FailsCallResetsConnectionThenRecovers()
    {
        GlueClient client = _host.CreateClient();
        IShapes proxy = client.GetProxy<IShapes>();

        await Assert.ThrowsAsync<GlueSerializationException>(() => proxy.Box(new Stranger { Name = "Eve" }));

        Assert.That(await proxy.Add(20, 22).WaitAsync(s_guard), Is.EqualTo(42), "the next call opens a fresh connection");
    }

    [Test]
    public async Task TypePolicy_TypeAllowedOnBothEnds_RoundTrips()
    {
        await _host.DisposeAsync();
        _host = await GlueTestHost.StartAsync(kind, s => s.Host<IShapes>(_service),
            GlueTestHost.DefaultServerOptions with { AllowedTypes = [typeof(Stranger)] });
        IShapes allowed = _host.CreateClient(new GlueClientOptions { AllowedTypes = [typeof(Stranger)] }).GetProxy<IShapes>();
        IShapes refusing = _host.CreateClient().GetProxy<IShapes>();

        object? back = await allowed.Box(new Stranger { Name = "Eve" });

        Assert.That(back, Is.InstanceOf<Stranger>().With.Property("Name").EqualTo("Eve"));
        await Assert.ThrowsAsync<GlueSerializationException>(() => refusing.Box(new Stranger { Name = "Eve" }), "the client's own policy refuses the result");
    }

    [Test]
    public async Task SecondContract_AfterConnecting_IsBoundOnTheSameConnection()
    {
        GlueClient client = _host.CreateClient();
        Assert.That(await client.GetProxy<IShapes>().Add(1, 1), Is.EqualTo(2));

        string greeting = await client.GetProxy<IGreeter>().Greet("Ann");

        Assert.That(greeting, Is.EqualTo("Hello, Ann!"));
        Assert.That(await client.GetProxy<IShapes>().Mark(new GluePayloadMarkerZq { Value = 1 }), Has.Property("Value").EqualTo(2));
        Assert.That(_host.Server.ConnectionCount, Is.EqualTo(1));
    }

    [Test]
    public async Task Contract_NotHostedByServer_CallFailsWithContractException()
    {
        GlueClient client = _host.CreateClient();

        GlueContractException? error = await Assert.ThrowsAsync<GlueContractException>(() => client.GetProxy<IUnhosted>().Nothing());

        Assert.That(error!.Message, Does.Contain(nameof(IUnhosted)));
        Assert.That(await client.GetProxy<IShapes>().Add(2, 2), Is.EqualTo(4));
    }

    [Test]
    public async Task Method_MissingOnServer_ThatCallFailsAndTheOthersWork()
    {
        IGreeterV2 proxy = _host.CreateClient().GetProxy<IGreeterV2>();

        Assert.That(await proxy.Greet("Bo"), Is.EqualTo("Hello, Bo!"));
        GlueContractException? error = await Assert.ThrowsAsync<GlueContractException>(() => proxy.Farewell("Bo"));
        Assert.That(error!.Message, Does.Contain("IGreeterV2.Farewell"));
    }

    [Test]
    public async Task Connect_NothingListening_FailsWithConnectionException()
    {
        var probe = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);
        probe.Start();
        var closedPort = (System.Net.IPEndPoint)probe.LocalEndpoint;
        probe.Stop();
        await using var client = new GlueClient(closedPort);

        await Assert.ThrowsAsync<GlueConnectionException>(() => client.GetProxy<IShapes>().Add(1, 2).WaitAsync(s_guard));
        Assert.That(client.IsConnected, Is.False);
    }

    [Test]
    public async Task ClientDisposed_CallsPending_FailWithConnectionException()
    {
        GlueClient client = _host.CreateClient();
        IShapes proxy = client.GetProxy<IShapes>();
        Task<int> call = proxy.Delay(60_000, CancellationToken.None);
        Assert.That(await _service.DelayStarted.WaitAsync(s_guard), Is.True);

        await client.DisposeAsync();

        Assert.That(async () => await call.WaitAsync(s_guard), Throws.InstanceOf<GlueConnectionException>());
        Assert.That(await _service.DelayCanceled.Task.WaitAsync(s_guard), Is.True);
    }
}
