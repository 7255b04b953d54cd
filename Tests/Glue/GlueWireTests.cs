using System.Text;
using NFX.Glue;
using NFX.Glue.Contracts;
using NFX.Glue.Protocol;
using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

/// <summary>What crosses the wire, read from a recorder between client and server.</summary>
public sealed class GlueWireTests
{
    private static readonly byte[] s_markerName = Encoding.UTF8.GetBytes(nameof(GluePayloadMarkerZq));

    private ShapesService _service = null!;
    private GlueTestHost _host = null!;
    private WireTap _tap = null!;

    [SetUp]
    public async Task SetUp()
    {
        _service = new ShapesService();
        _host = await GlueTestHost.StartAsync(GlueTransportKind.Memory, s => s.Host<IShapes>(_service));
        _tap = new WireTap(_host.Server);
    }

    [TearDown]
    public async Task TearDown() => await _host.DisposeAsync();

    private IShapes Proxy(GlueClientOptions? options = null) =>
        _host.CreateClient((options ?? new GlueClientOptions()) with { Connector = _tap.ConnectAsync }).GetProxy<IShapes>();

    [Test]
    public async Task BatchRegistry_SecondCallWithSameTypes_TypeNameCrossesOnlyOnce()
    {
        IShapes proxy = Proxy();

        await proxy.Mark(new GluePayloadMarkerZq { Value = 1 });
        await proxy.Mark(new GluePayloadMarkerZq { Value = 2 });

        byte[][] calls = _tap.ClientFrames().Where(f => f.Type == FrameType.Call).Select(f => f.Content).ToArray();
        byte[][] results = _tap.ServerFrames().Where(f => f.Type == FrameType.Result).Select(f => f.Content).ToArray();
        Assert.That(calls, Has.Length.EqualTo(2));
        Assert.That(Contains(calls[0], s_markerName), Is.True, "the first call names the type");
        Assert.That(Contains(calls[1], s_markerName), Is.False, "the second call refers to it by handle");
        Assert.That(calls[1].Length, Is.LessThan(calls[0].Length - s_markerName.Length));
        Assert.That(results, Has.Length.EqualTo(2));
        Assert.That(Contains(results[0], s_markerName), Is.True);
        Assert.That(Contains(results[1], s_markerName), Is.False);
    }

    [Test]
    public async Task BatchRegistry_NewConnection_StartsFromScratch()
    {
        await Proxy().Mark(new GluePayloadMarkerZq { Value = 1 });
        await Proxy().Mark(new GluePayloadMarkerZq { Value = 1 });

        byte[][] calls = _tap.ClientFrames().Where(f => f.Type == FrameType.Call).Select(f => f.Content).ToArray();
        Assert.That(calls, Has.Length.EqualTo(2));
        Assert.That(calls.Select(c => Contains(c, s_markerName)), Is.EqualTo(new[] { true, true }));
    }

    [Test]
    public async Task CallFrame_Header_CarriesIntegerIdsNotNames()
    {
        IShapes proxy = Proxy();
        await proxy.Add(1, 2);
        await proxy.Add(3, 4);

        byte[] second = _tap.ClientFrames().Where(f => f.Type == FrameType.Call).Select(f => f.Content).Last();
        int addId = ContractDescriptor.For(typeof(IShapes)).Methods.Single(m => m.Method.Name == nameof(IShapes.Add)).Id;

        Assert.That(second[0], Is.EqualTo(2), "call id 2");
        Assert.That(second[1], Is.EqualTo(0), "contract id 0");
        Assert.That(second[2], Is.EqualTo(addId), "method id");
        Assert.That(Contains(second, Encoding.UTF8.GetBytes("Add")), Is.False);
        Assert.That(Contains(second, Encoding.UTF8.GetBytes(nameof(IShapes))), Is.False);
        Assert.That(second.Length, Is.LessThan(24), "ids, a deadline and two small ints");
    }

    [Test]
    public async Task OversizedSend_SenderResetsItsRegistry_ResetFrameSentAndNameCrossesAgain()
    {
        IShapes proxy = Proxy(new GlueClientOptions { MaxMessageSize = 64 * 1024 });
        await proxy.Mark(new GluePayloadMarkerZq { Value = 1 });
        await Assert.ThrowsAsync<GlueMessageTooLargeException>(() => proxy.Measure(new byte[100_000]));

        Assert.That((await proxy.Mark(new GluePayloadMarkerZq { Value = 2 })).Value, Is.EqualTo(3));

        List<(FrameType Type, byte[] Content)> frames = _tap.ClientFrames();
        FrameType[] types = frames.Where(f => f.Type is FrameType.Call or FrameType.ResetRegistry).Select(f => f.Type).ToArray();
        Assert.That(types, Is.EqualTo(new[] { FrameType.Call, FrameType.ResetRegistry, FrameType.Call }));
        Assert.That(Contains(frames.Last(f => f.Type == FrameType.Call).Content, s_markerName), Is.True);
    }

    [Test]
    public async Task OneWay_Frame_IsAnsweredByNothing()
    {
        IShapes proxy = Proxy();
        await proxy.Nop();

        proxy.Fire("x");
        Assert.That(await _service.FiredSignal.WaitAsync(TimeSpan.FromSeconds(20)), Is.True);
        await proxy.Nop();

        Assert.That(_tap.ClientFrames().Count(f => f.Type == FrameType.OneWayCall), Is.EqualTo(1));
        Assert.That(_tap.ServerFrames().Where(f => f.Type is FrameType.Result or FrameType.Error).Count(), Is.EqualTo(2), "answers to the two Nops only");
    }

    [Test]
    public async Task Cancellation_ClientCancels_CancelFrameCarriesTheCallId()
    {
        IShapes proxy = Proxy();
        using var cts = new CancellationTokenSource();
        Task<int> call = proxy.Delay(60_000, cts.Token);
        Assert.That(await _service.DelayStarted.WaitAsync(TimeSpan.FromSeconds(20)), Is.True);

        await cts.CancelAsync();
        Assert.That(async () => await call, Throws.InstanceOf<OperationCanceledException>());
        Assert.That(await _service.DelayCanceled.Task.WaitAsync(TimeSpan.FromSeconds(20)), Is.True);

        byte[] cancel = _tap.ClientFrames().Single(f => f.Type == FrameType.Cancel).Content;
        Assert.That(cancel, Is.EqualTo(new byte[] { 1 }), "call id 1, nothing else");
    }

    private static bool Contains(byte[] haystack, byte[] needle) => haystack.AsSpan().IndexOf(needle) >= 0;
}
