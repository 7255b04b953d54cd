using System.Buffers;
using System.Text;
using NFX.Glue;
using NFX.Glue.Protocol;
using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

/// <summary>Hostile bytes over real TCP: each bad connection is closed while the server keeps serving a good client.</summary>
public sealed class GlueSecurityTests
{
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    private ShapesService _service = null!;
    private GlueTestHost _host = null!;
    private IShapes _good = null!;

    [SetUp]
    public async Task SetUp()
    {
        _service = new ShapesService();
        _host = await GlueTestHost.StartAsync(GlueTransportKind.Tcp, s => s.Host<IShapes>(_service),
            GlueTestHost.DefaultServerOptions with { Authenticator = new SharedSecretAuthenticator("s3cret"), HandshakeTimeout = TimeSpan.FromSeconds(2) });
        _good = _host.CreateClient(new GlueClientOptions { AuthToken = Encoding.UTF8.GetBytes("s3cret") }).GetProxy<IShapes>();
        Assert.That(await _good.Add(1, 1), Is.EqualTo(2));
    }

    [TearDown]
    public async Task TearDown() => await _host.DisposeAsync();

    private async Task AssertGoodClientStillServedAsync()
    {
        Assert.That(await _good.Add(20, 22).WaitAsync(s_guard), Is.EqualTo(42));
    }

    private async Task<RawPeer> HandshakenPeerAsync()
    {
        RawPeer peer = await RawPeer.ConnectAsync(_host.Server.LocalEndPoint!);
        await peer.SendHelloAsync(Encoding.UTF8.GetBytes("s3cret"), ShapesWire.Request);
        (FrameType Type, byte[] Content)? welcome = await peer.ReceiveFrameAsync(s_guard);
        Assert.That(welcome?.Type, Is.EqualTo(FrameType.Welcome));
        return peer;
    }

    [Test]
    public async Task HttpRequest_InsteadOfHello_ConnectionClosed()
    {
        using RawPeer peer = await RawPeer.ConnectAsync(_host.Server.LocalEndPoint!);

        await peer.SendAsync("GET / HTTP/1.1\r\nHost: x\r\n\r\n"u8.ToArray());

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task WrongToken_Client_GetsAuthenticationExceptionAndNoCallRuns()
    {
        IShapes intruder = _host.CreateClient(new GlueClientOptions { AuthToken = Encoding.UTF8.GetBytes("guess") }).GetProxy<IShapes>();

        await Assert.ThrowsAsync<GlueAuthenticationException>(() => intruder.Nop());

        Assert.That(_service.Nops, Is.Zero);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task NoToken_Client_GetsAuthenticationException()
    {
        IShapes anonymous = _host.CreateClient().GetProxy<IShapes>();

        await Assert.ThrowsAsync<GlueAuthenticationException>(() => anonymous.Add(1, 2));
    }

    [Test]
    public async Task WrongToken_CallPipelinedAfterHello_IsNeverRun()
    {
        using RawPeer peer = await RawPeer.ConnectAsync(_host.Server.LocalEndPoint!);
        using var hello = new NFX.IO.SlimWriter();
        HandshakeCodec.WriteHello(hello, new HelloMessage(ProtocolConstants.Version, 0, 1 << 20, Encoding.UTF8.GetBytes("guess"), [ShapesWire.Request]));
        byte[] call = RawPeer.Frame(FrameType.Call, [1, 0, (byte)ShapesWire.MethodId(nameof(IShapes.Nop)), 0]);

        await peer.SendAsync([.. RawPeer.Frame(FrameType.Hello, hello.WrittenSpan), .. call]);

        (FrameType Type, byte[] Content)? refused = await peer.ReceiveFrameAsync(s_guard);
        Assert.That(refused?.Type, Is.EqualTo(FrameType.Refused));
        Assert.That(HandshakeCodec.ReadRefused(new ReadOnlySequence<byte>(refused!.Value.Content)).Code, Is.EqualTo(RefusalCode.Authentication));
        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        Assert.That(_service.Nops, Is.Zero);
    }

    [Test]
    public async Task CallBeforeHello_ConnectionClosedWithoutWelcome()
    {
        using RawPeer peer = await RawPeer.ConnectAsync(_host.Server.LocalEndPoint!);

        await peer.SendFrameAsync(FrameType.Call, [1, 0, 0, 0]);

        Assert.That(await peer.ReceiveFrameAsync(s_guard), Is.Null);
        Assert.That(_service.Nops, Is.Zero);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task WrongMagic_RefusedForVersionAndClosed()
    {
        using RawPeer peer = await RawPeer.ConnectAsync(_host.Server.LocalEndPoint!);

        await peer.SendFrameAsync(FrameType.Hello, "GLUX\u0001"u8);

        (FrameType Type, byte[] Content)? refused = await peer.ReceiveFrameAsync(s_guard);
        Assert.That(refused?.Type, Is.EqualTo(FrameType.Refused));
        Assert.That(HandshakeCodec.ReadRefused(new ReadOnlySequence<byte>(refused!.Value.Content)).Code, Is.EqualTo(RefusalCode.Version));
        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
    }

    [Test]
    public async Task TruncatedHello_ConnectionClosed()
    {
        using RawPeer peer = await RawPeer.ConnectAsync(_host.Server.LocalEndPoint!);

        await peer.SendFrameAsync(FrameType.Hello, Convert.FromHexString("474C5545" + "01" + "00" + "8008" + "00" + "03"));

        Assert.That(await peer.ReceiveFrameAsync(s_guard), Is.Null);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task SilentPeer_NoHelloWithinTimeout_ConnectionClosed()
    {
        using RawPeer peer = await RawPeer.ConnectAsync(_host.Server.LocalEndPoint!);

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task HugeLengthPrefix_AfterHandshake_ClosedBeforeAnythingIsBuffered()
    {
        using RawPeer peer = await HandshakenPeerAsync();

        await peer.SendAsync([0xF0, 0xFF, 0xFF, 0x7F, (byte)FrameType.Call, 1, 2, 3]);

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task OversizedFrame_OverServerLimit_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();
        byte[] body = new byte[_host.Server.Options.MaxMessageSize + 1];

        await peer.SendAsync(RawPeer.Frame(FrameType.Call, body));

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task CallToUnboundContract_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();

        await peer.SendFrameAsync(FrameType.Call, [1, 7, 0, 0]);

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task OverlongVarintInHeader_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();

        await peer.SendFrameAsync(FrameType.Call, [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]);

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [TestCase(new byte[] { 0x81, 0x00 }, TestName = "NonMinimalVarintInCallHeader_ConnectionClosedAndCallNotRun(callId 1 in 2 bytes)")]
    [TestCase(new byte[] { 0x80, 0x80, 0x00 }, TestName = "NonMinimalVarintInCallHeader_ConnectionClosedAndCallNotRun(callId 0 in 3 bytes)")]
    public async Task NonMinimalVarintInCallHeader_ConnectionClosedAndCallNotRun(byte[] callId)
    {
        using RawPeer peer = await HandshakenPeerAsync();
        byte nop = (byte)ShapesWire.MethodId(nameof(IShapes.Nop));

        // The same call with its id minimally encoded is served: only the encoding differs.
        await peer.SendFrameAsync(FrameType.Call, [0x01, 0, nop, 0]);
        Assert.That((await peer.ReceiveFrameAsync(s_guard))?.Type, Is.EqualTo(FrameType.Result));
        await peer.SendFrameAsync(FrameType.Call, [.. callId, 0, nop, 0]);

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        Assert.That(_service.Nops, Is.EqualTo(1), "only the minimally encoded call ran");
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task UnknownFrameType_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();

        await peer.SendFrameAsync((FrameType)0x7E, [1, 2, 3]);

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task GarbageArguments_ErrorFrameThenConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();

        await peer.SendFrameAsync(FrameType.Call, [5, 0, (byte)ShapesWire.MethodId(nameof(IShapes.Add)), 0, 0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x13]);

        (FrameType Type, byte[] Content)? error = await peer.ReceiveFrameAsync(s_guard);
        Assert.That(error?.Type, Is.EqualTo(FrameType.Error));
        Assert.That(error!.Value.Content[0], Is.EqualTo(5), "the failed call's id");
        Assert.That(error.Value.Content[1], Is.EqualTo((byte)ErrorKind.ArgumentsRejected));
        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task ArgumentsWhereNoneExpected_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();

        await peer.SendFrameAsync(FrameType.Call, [1, 0, (byte)ShapesWire.MethodId(nameof(IShapes.Nop)), 0, 0x01]);

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        Assert.That(_service.Nops, Is.Zero);
    }

    [Test]
    public async Task DuplicateCallId_WhileInFlight_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();
        byte delay = (byte)ShapesWire.MethodId(nameof(IShapes.Delay));
        // Two valid messages from one batch serializer, as a real client would send them; only the id repeats.
        var slim = new NFX.Slim.SlimSerializer(new NFX.Slim.SlimOptions { RegistryMode = NFX.Slim.TypeRegistryMode.Batch });
        byte[] first = RawPeer.Frame(FrameType.Call, [9, 0, delay, 0, .. slim.Serialize(ValueTuple.Create(60_000))]);
        byte[] second = RawPeer.Frame(FrameType.Call, [9, 0, delay, 0, .. slim.Serialize(ValueTuple.Create(60_000))]);

        await peer.SendAsync([.. first, .. second]);

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        Assert.That(await _service.DelayCanceled.Task.WaitAsync(s_guard), Is.True, "the first call was canceled with its connection");
    }
}
