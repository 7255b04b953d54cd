using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

[TestFixtureSource(typeof(GlueTransports), nameof(GlueTransports.All))]
public sealed class GlueInheritanceTests(GlueTransportKind kind)
{
    private OverloadsAndBaseService _service = null!;
    private GlueTestHost _host = null!;
    private IOverloadsAndBase _proxy = null!;

    [SetUp]
    public async Task SetUp()
    {
        _service = new OverloadsAndBaseService();
        _host = await GlueTestHost.StartAsync(kind, s => s.Host<IOverloadsAndBase>(_service));
        _proxy = _host.CreateClient().GetProxy<IOverloadsAndBase>();
    }

    [TearDown]
    public async Task TearDown() => await _host.DisposeAsync();

    [Test]
    public async Task InheritedMethod_MultiDimensionalArray_ReachesTheImplementation()
    {
        int[,] grid = new int[2, 3];
        grid[1, 2] = 7;

        Assert.That(await _proxy.Base(grid), Is.EqualTo("2x3:7"));
    }

    [Test]
    public async Task OverloadsBySignature_ReachTheirOwnMethods()
    {
        Assert.That(await _proxy.Alpha("four"), Is.EqualTo(4));
        Assert.That(await _proxy.Alpha(4), Is.EqualTo(40));
        Assert.That(await _proxy.Zeta(4), Is.EqualTo(-4));
    }

    [Test]
    public async Task CollectionArguments_OneWayAndValueTask_ArriveWhole()
    {
        _proxy.Beta([1, 2, 3]);
        await _proxy.Gamma(new Dictionary<string, int[]> { ["a"] = [1], ["b"] = [] }, CancellationToken.None);

        Assert.That(await _service.BetaSignal.WaitAsync(TimeSpan.FromSeconds(20)), Is.True);
        Assert.That(_service.Betas.Single(), Is.EqualTo(new[] { 1, 2, 3 }));
        Assert.That(_service.LastMap, Is.EquivalentTo(new Dictionary<string, int[]> { ["a"] = [1], ["b"] = [] }));
    }
}
