using NFX.Glue;
using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

[TestFixtureSource(typeof(GlueTransports), nameof(GlueTransports.All))]
public sealed class GlueCallShapeTests(GlueTransportKind kind)
{
    private ShapesService _service = null!;
    private GlueTestHost _host = null!;
    private IShapes _proxy = null!;

    [SetUp]
    public async Task SetUp()
    {
        _service = new ShapesService();
        _host = await GlueTestHost.StartAsync(kind, s => s.Host<IShapes>(_service));
        _proxy = _host.CreateClient().GetProxy<IShapes>();
    }

    [TearDown]
    public async Task TearDown() => await _host.DisposeAsync();

    [Test]
    public async Task Task_NoResult_ServerRanIt()
    {
        await _proxy.Nop();
        await _proxy.Nop();

        Assert.That(_service.Nops, Is.EqualTo(2));
    }

    [Test]
    public async Task TaskOfT_TwoArguments_ReturnsServerResult()
    {
        Assert.That(await _proxy.Add(2, 40), Is.EqualTo(42));
        Assert.That(await _proxy.Add(-7, 3), Is.EqualTo(-4));
    }

    [Test]
    public async Task ValueTask_NoResult_ServerRanIt()
    {
        await _proxy.Touch("k1");

        Assert.That(_service.Touched, Is.EqualTo(new[] { "k1" }));
    }

    [Test]
    public async Task ValueTaskOfT_StringAndNull_RoundTrip()
    {
        Assert.That(await _proxy.Echo("héllo ✓"), Is.EqualTo("héllo ✓"));
        Assert.That(await _proxy.Echo(null), Is.Null);
        Assert.That(await _proxy.Echo(string.Empty), Is.EqualTo(string.Empty));
    }

    [Test]
    public async Task Overloads_EachCall_ReachesItsOwnMethod()
    {
        Assert.That(await _proxy.Describe(5), Is.EqualTo("int:5"));
        Assert.That(await _proxy.Describe("x"), Is.EqualTo("string:x"));
        Assert.That(await _proxy.Describe(6, "label"), Is.EqualTo("label:6"));
    }

    [Test]
    public async Task NineParameters_NestedArgumentPack_ArrivesInOrder()
    {
        long result = await _proxy.SumNine(1, 2, 3, 4, 5, 6, 7, 8, 10_000_000_000L);

        Assert.That(result, Is.EqualTo(1 + 4 + 9 + 16 + 25 + 36 + 49 + 64 + 90_000_000_000L));
    }

    [Test]
    public async Task ObjectGraph_SharedReferencesAndCycle_SurviveTheRoundTrip()
    {
        var parent = new Person { Name = "Ann", Age = 60 };
        var child = new Person { Name = "Bob", Age = 30 };
        child.Friends.Add(parent);

        Person returned = await _proxy.Adopt(parent, child);

        Assert.That(returned.Name, Is.EqualTo("Bob"));
        Assert.That(returned.Parent, Is.Not.Null);
        Assert.That(returned.Parent!.Name, Is.EqualTo("Ann"));
        Assert.That(returned.Friends[0], Is.SameAs(returned.Parent), "the friend and the parent are one object");
        Assert.That(returned.Parent.Friends[0], Is.SameAs(returned), "the cycle back to the child is kept");
    }

    [Test]
    public async Task OneWay_Fire_RunsOnServerAndReturnsAtOnce()
    {
        _proxy.Fire("first");
        _proxy.Fire("second");

        Assert.That(await _service.FiredSignal.WaitAsync(TimeSpan.FromSeconds(10)), Is.True);
        Assert.That(await _service.FiredSignal.WaitAsync(TimeSpan.FromSeconds(10)), Is.True);
        Assert.That(_service.Fired, Is.EquivalentTo(new[] { "first", "second" }), "one-way calls run concurrently, in no set order");
    }

    [Test]
    public async Task CancellationTokenParameter_NotCanceled_CallCompletes()
    {
        using var cts = new CancellationTokenSource();

        Assert.That(await _proxy.Delay(1, cts.Token), Is.EqualTo(1));
        Assert.That(await _proxy.CountTo(1000, CancellationToken.None), Is.EqualTo(1000));
    }

    [Test]
    public async Task ByteArrays_BothDirections_ArriveWhole()
    {
        byte[] blob = await _proxy.Blob(100_000);

        Assert.That(blob, Has.Length.EqualTo(100_000));
        Assert.That(blob[99_999], Is.EqualTo((byte)(99_999 % 256)));
        Assert.That(await _proxy.Measure(blob), Is.EqualTo(100_000));
    }

    [Test]
    public async Task Ping_ConnectedClient_ReturnsRoundTripTime()
    {
        GlueClient client = _host.CreateClient();

        TimeSpan rtt = await client.PingAsync();

        Assert.That(rtt, Is.GreaterThan(TimeSpan.Zero));
        Assert.That(client.IsConnected, Is.True);
    }
}
