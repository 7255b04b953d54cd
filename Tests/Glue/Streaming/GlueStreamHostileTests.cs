using System.Buffers;
using NFX.Glue;
using NFX.Glue.Contracts;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Slim;
using NFX.Tests.Glue.Support;
using NFX.Tests.GlueStreaming.Support;

namespace NFX.Tests.GlueStreaming;

/// <summary>
/// Hostile stream frames over raw TCP: each rule a client breaks closes its connection (GlueProtocolException on the
/// server), while a well-behaved client on another connection keeps being served.
/// </summary>
public sealed class GlueStreamHostileTests
{
    private const int Window = 4;
    private const int MaxInFlight = 4;

    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    private StreamsService _service = null!;
    private GlueTestHost _host = null!;
    private IStreams _good = null!;

    // Bodies of one raw connection come from one batch serializer, in frame order, as a real client sends them.
    private SlimSerializer _batch = null!;

    private static ContractRequest StreamsRequest
    {
        get
        {
            ContractDescriptor streams = ContractDescriptor.For(typeof(IStreams));
            return new ContractRequest(streams.Name, streams.Methods.Select(m => m.SignatureHash).ToArray());
        }
    }

    private static byte MethodId(string name) => (byte)ContractDescriptor.For(typeof(IStreams)).Methods.First(m => m.Method.Name == name).Id;

    [SetUp]
    public async Task SetUp()
    {
        _service = new StreamsService();
        _batch = new SlimSerializer(new SlimOptions { RegistryMode = TypeRegistryMode.Batch });
        _host = await GlueTestHost.StartAsync(GlueTransportKind.Tcp, s => s.Host<IStreams>(_service),
            GlueTestHost.DefaultServerOptions with { StreamWindow = Window, MaxInFlightPerConnection = MaxInFlight });
        _good = _host.CreateClient().GetProxy<IStreams>();
        Assert.That(await _good.Add(1, 1), Is.EqualTo(2));
    }

    [TearDown]
    public async Task TearDown() => await _host.DisposeAsync();

    private async Task AssertGoodClientStillServedAsync()
    {
        Assert.That(await _good.Add(20, 22).WaitAsync(s_guard), Is.EqualTo(42));
        var items = new List<int>();
        await foreach (int i in _good.Range(100, CancellationToken.None))
        {
            items.Add(i);
        }
        Assert.That(items, Is.EqualTo(Enumerable.Range(0, 100)));
    }

    private async Task<RawPeer> HandshakenPeerAsync()
    {
        RawPeer peer = await RawPeer.ConnectAsync(_host.Server.LocalEndPoint!);
        await peer.SendHelloAsync(null, StreamsRequest);
        Assert.That((await peer.ReceiveFrameAsync(s_guard))?.Type, Is.EqualTo(FrameType.Welcome));
        return peer;
    }

    private byte[] Item(int callId, params int[] values) => RawPeer.Frame(FrameType.StreamItems, [(byte)callId, .. _batch.Serialize(values)]);

    private byte[] Call(int callId, string method, params object[] args) =>
        RawPeer.Frame(FrameType.Call, [(byte)callId, 0, MethodId(method), 0, .. args.Length == 0 ? [] : _batch.Serialize(args[0])]);

    [Test]
    public async Task StreamItems_ForACallWithoutUpload_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();

        await peer.SendAsync(Item(9, 1));

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task StreamItems_BeyondTheCreditsGranted_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();
        await peer.SendAsync(Call(1, nameof(IStreams.Ignore)));
        (FrameType Type, byte[] Content)? credit = await peer.ReceiveFrameAsync(s_guard);
        Assert.That(credit?.Type, Is.EqualTo(FrameType.StreamCredit));
        Assert.That(Convert.ToHexString(credit!.Value.Content), Is.EqualTo("01" + "04"), "call 1 may send 4 items");

        // Four items are within the window; the fifth is not.
        await peer.SendAsync([.. Item(1, 1), .. Item(1, 2), .. Item(1, 3), .. Item(1, 4), .. Item(1, 5)]);

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        Assert.That(await _service.Canceled.Task.WaitAsync(s_guard), Is.True, "the call was canceled with its connection");
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task StreamItems_OneBatchBeyondTheCreditsGranted_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();
        await peer.SendAsync(Call(1, nameof(IStreams.Ignore)));
        Assert.That((await peer.ReceiveFrameAsync(s_guard))?.Type, Is.EqualTo(FrameType.StreamCredit));

        await peer.SendAsync(Item(1, 1, 2, 3, 4, 5));

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task StreamItems_BodyNotAnArrayOfTheItemType_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();
        await peer.SendAsync(Call(1, nameof(IStreams.Ignore)));
        Assert.That((await peer.ReceiveFrameAsync(s_guard))?.Type, Is.EqualTo(FrameType.StreamCredit));

        await peer.SendAsync(RawPeer.Frame(FrameType.StreamItems, [1, .. _batch.Serialize(7)]));

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task StreamItems_WithinTheCredits_IsServed()
    {
        using RawPeer peer = await HandshakenPeerAsync();

        await peer.SendAsync([.. Call(1, nameof(IStreams.Sum)), .. Item(1, 5), .. Item(1, 6, 7), .. Item(1, 8),
            .. RawPeer.Frame(FrameType.StreamEnd, [1])]);

        (FrameType Type, byte[] Content)? frame;
        do
        {
            frame = await peer.ReceiveFrameAsync(s_guard);
        }
        while (frame?.Type == FrameType.StreamCredit);
        Assert.That(frame?.Type, Is.EqualTo(FrameType.Result), "the same bytes minus the extra item are a valid upload");
    }

    [Test]
    public async Task StreamCredit_PastTheLimit_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();
        await peer.SendAsync(Call(1, nameof(IStreams.Slow), ValueTuple.Create(60_000)));

        // 65536 credits, one used by the first item: two more take the outstanding credits past 65536.
        await peer.SendAsync(RawPeer.Frame(FrameType.StreamCredit, [1, 0x80, 0x80, 0x04]));
        Assert.That((await peer.ReceiveFrameAsync(s_guard))?.Type, Is.EqualTo(FrameType.StreamItems));
        await peer.SendAsync(RawPeer.Frame(FrameType.StreamCredit, [1, 2]));

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        Assert.That(await _service.Canceled.Task.WaitAsync(s_guard), Is.True, "the stream's iterator was canceled with its connection");
        await AssertGoodClientStillServedAsync();
    }

    private byte[] CallWithTimeout(int callId, string method, byte[] timeoutVarint, object args) =>
        RawPeer.Frame(FrameType.Call, [(byte)callId, 0, MethodId(method), .. timeoutVarint, .. _batch.Serialize(args)]);

    // 0xFFFFFFFF is one more than CancellationTokenSource.CancelAfter accepts; the server once let the
    // ArgumentOutOfRangeException tear the connection down with neither an Error nor a Goodbye frame.
    [TestCase(nameof(IStreams.Range), TestName = "Call_TimeoutOutOfRange_ErrorFrameNamingTheField_ConnectionKept(result stream)")]
    [TestCase(nameof(IStreams.Ignore), TestName = "Call_TimeoutOutOfRange_ErrorFrameNamingTheField_ConnectionKept(upload)")]
    [TestCase(nameof(IStreams.Add), TestName = "Call_TimeoutOutOfRange_ErrorFrameNamingTheField_ConnectionKept(plain call)")]
    public async Task Call_TimeoutOutOfRange_ErrorFrameNamingTheField_ConnectionKept(string method)
    {
        using RawPeer peer = await HandshakenPeerAsync();
        object args = method switch
        {
            nameof(IStreams.Range) => ValueTuple.Create(5),
            nameof(IStreams.Add) => (1, 2),
            _ => null!,
        };
        byte[] call = method == nameof(IStreams.Ignore)
            ? RawPeer.Frame(FrameType.Call, [1, 0, MethodId(method), 0xFF, 0xFF, 0xFF, 0xFF, 0x0F])
            : CallWithTimeout(1, method, [0xFF, 0xFF, 0xFF, 0xFF, 0x0F], args);

        await peer.SendAsync(call);

        (FrameType Type, byte[] Content)? answer = await peer.ReceiveFrameAsync(s_guard);
        if (answer?.Type == FrameType.StreamCredit)
        {
            // An upload is opened (abandoned: its items are counted and dropped) so the client's stream stays in step.
            answer = await peer.ReceiveFrameAsync(s_guard);
            await peer.SendAsync(RawPeer.Frame(FrameType.Cancel, [1]));
        }
        Assert.That(answer?.Type, Is.EqualTo(FrameType.Error), "the call is answered, not the connection dropped");
        var header = new HeaderReader(new ReadOnlySequence<byte>(answer!.Value.Content));
        Assert.That(header.ReadVarUInt32(), Is.EqualTo(1u));
        ErrorMessage error = ControlFrames.ReadError(header.Rest, 1 << 20);
        Assert.That(error.Kind, Is.EqualTo(ErrorKind.InvalidCall));
        Assert.That(error.Message, Does.Contain("timeoutMs 4294967295").And.Contain("out of range"));
        Assert.That(error.TypeName, Is.EqualTo(typeof(GlueProtocolException).FullName));

        // The same connection still serves: its batch registry stayed in step with the client's.
        await peer.SendAsync(CallWithTimeout(2, nameof(IStreams.Add), [0xE8, 0x07], (20, 22)));
        (FrameType Type, byte[] Content)? result = await peer.ReceiveFrameAsync(s_guard);
        Assert.That(result?.Type, Is.EqualTo(FrameType.Result));
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task Call_LargestTimeout_IsServed()
    {
        using RawPeer peer = await HandshakenPeerAsync();

        await peer.SendAsync(CallWithTimeout(1, nameof(IStreams.Range), [0xFE, 0xFF, 0xFF, 0xFF, 0x0F], ValueTuple.Create(2)));
        await peer.SendAsync(RawPeer.Frame(FrameType.StreamCredit, [1, 4]));

        var types = new List<FrameType>();
        while (await peer.ReceiveFrameAsync(s_guard) is { } frame)
        {
            types.Add(frame.Type);
            if (frame.Type is FrameType.StreamEnd or FrameType.Error)
            {
                break;
            }
        }
        Assert.That(types[^1], Is.EqualTo(FrameType.StreamEnd));
    }

    [Test]
    public void Client_DeadlineBeyondTheLargestTimeout_SendsTheLargest()
    {
        Assert.That(ProtocolConstants.MaxTimeoutMs, Is.EqualTo(uint.MaxValue - 1));
        using var cts = new CancellationTokenSource();
        Assert.DoesNotThrow(() => cts.CancelAfter(TimeSpan.FromMilliseconds(ProtocolConstants.MaxTimeoutMs)), "the largest timeout is one CancelAfter takes");
        Assert.Throws<ArgumentOutOfRangeException>(() => cts.CancelAfter(TimeSpan.FromMilliseconds(uint.MaxValue)));
    }

    [Test]
    public async Task ProtocolError_ServerSaysGoodbyeNamingTheRule_ThenCloses()
    {
        using RawPeer peer = await HandshakenPeerAsync();

        await peer.SendFrameAsync(FrameType.StreamCredit, [1, 0]);

        (FrameType Type, byte[] Content)? goodbye = await peer.ReceiveFrameAsync(s_guard);
        Assert.That(goodbye?.Type, Is.EqualTo(FrameType.Goodbye), "the peer learns why before the link closes");
        (GoodbyeReason reason, string message) = ControlFrames.ReadGoodbye(new ReadOnlySequence<byte>(goodbye!.Value.Content));
        Assert.That(reason, Is.EqualTo(GoodbyeReason.ProtocolError));
        Assert.That(message, Does.Contain("0 credits"));
        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [TestCase(new byte[] { 1, 0 }, TestName = "StreamCredit_Malformed_ConnectionClosed(zero)")]
    [TestCase(new byte[] { 1, 0x81, 0x80, 0x04 }, TestName = "StreamCredit_Malformed_ConnectionClosed(over 65536)")]
    [TestCase(new byte[] { 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F }, TestName = "StreamCredit_Malformed_ConnectionClosed(uint.MaxValue)")]
    public async Task StreamCredit_Malformed_ConnectionClosed(byte[] content)
    {
        using RawPeer peer = await HandshakenPeerAsync();

        await peer.SendFrameAsync(FrameType.StreamCredit, content);

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task StreamEnd_ForAnUnknownUpload_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();

        await peer.SendFrameAsync(FrameType.StreamEnd, [3]);

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task Uploads_NeverClosed_PastTheLimit_ConnectionClosed()
    {
        using RawPeer peer = await HandshakenPeerAsync();
        // Each call reads one item and answers, but the client never ends its upload (no StreamEnd, no Cancel): the
        // server keeps counting those uploads, up to twice MaxInFlightPerConnection.
        var bytes = new List<byte>();
        for (int callId = 1; callId <= 2 * MaxInFlight; callId++)
        {
            bytes.AddRange(Call(callId, nameof(IStreams.TakeFew), ValueTuple.Create(1)));
            bytes.AddRange(Item(callId, callId));
        }
        await peer.SendAsync([.. bytes]);
        int results = 0;
        while (results < 2 * MaxInFlight && await peer.ReceiveFrameAsync(s_guard) is { } frame)
        {
            results += frame.Type == FrameType.Result ? 1 : 0;
        }
        Assert.That(results, Is.EqualTo(2 * MaxInFlight), "up to the limit the calls are served");

        await peer.SendAsync(Call(2 * MaxInFlight + 1, nameof(IStreams.TakeFew), ValueTuple.Create(1)));

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True);
        await AssertGoodClientStillServedAsync();
    }

    [Test]
    public async Task Upload_CanceledByTheClient_LaterItemsForItAreUnknown()
    {
        using RawPeer peer = await HandshakenPeerAsync();
        await peer.SendAsync([.. Call(1, nameof(IStreams.Ignore)), .. Item(1, 1), .. RawPeer.Frame(FrameType.Cancel, [1])]);
        Assert.That(await _service.Canceled.Task.WaitAsync(s_guard), Is.True);

        await peer.SendAsync(Item(1, 2));

        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True, "Cancel is the client's last frame for an upload");
        await AssertGoodClientStillServedAsync();
    }
}
