using System.Buffers;
using System.Net;
using System.Net.Sockets;
using NFX.Glue;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.IO;
using NFX.Slim;
using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

/// <summary>
/// The handshake tells each end whether its peer reads Slim format version 2 (docs/GLUE.md, "Handshake"): between
/// ends of this release messages are version 2; to a peer of an earlier release (which reads version 1 only and
/// sends no such flag) an end writes version 1.
/// </summary>
public sealed class SlimFormatNegotiationTests
{
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    /// <summary>The format versions of the Slim messages ('S' 'L' version) inside a frame's content.</summary>
    private static IEnumerable<byte> SlimVersions(byte[] content)
    {
        for (int i = 0; i + 2 < content.Length; i++)
        {
            if (content[i] == (byte)'S' && content[i + 1] == (byte)'L' && content[i + 2] is 1 or 2)
            {
                yield return content[i + 2];
            }
        }
    }

    [Test]
    public async Task ClientAndServerOfThisRelease_CallsAndResults_AreFormatVersion2()
    {
        await using GlueTestHost host = await GlueTestHost.StartAsync(GlueTransportKind.Memory, s => s.Host<IShapes>(new ShapesService()));
        var tap = new WireTap(host.Server);
        IShapes proxy = host.CreateClient(new GlueClientOptions { Connector = tap.ConnectAsync }).GetProxy<IShapes>();

        Person adopted = await proxy.Adopt(new Person { Name = "p" }, new Person { Name = "c" }).WaitAsync(s_guard);

        Assert.That((adopted.Name, adopted.Parent?.Name), Is.EqualTo(("c", "p")));
        byte[][] calls = [.. tap.ClientFrames().Where(f => f.Type == FrameType.Call).Select(f => f.Content)];
        byte[][] results = [.. tap.ServerFrames().Where(f => f.Type == FrameType.Result).Select(f => f.Content)];
        Assert.That(calls.SelectMany(SlimVersions), Is.Not.Empty.And.All.EqualTo((byte)2));
        Assert.That(results.SelectMany(SlimVersions), Is.Not.Empty.And.All.EqualTo((byte)2));
    }

    [Test]
    public async Task ClientOfAnEarlierRelease_ServerAnswersInFormatVersion1()
    {
        await using GlueTestHost host = await GlueTestHost.StartAsync(GlueTransportKind.Tcp, s => s.Host<IShapes>(new ShapesService()));
        using RawPeer peer = await RawPeer.ConnectAsync(host.Server.LocalEndPoint!);
        await peer.SendHelloAsync(null, ShapesWire.Request); // flags 0: no layouts negotiation, no Slim format 2
        (FrameType Type, byte[] Content)? welcome = await peer.ReceiveFrameAsync(s_guard);
        Assert.That(welcome?.Type, Is.EqualTo(FrameType.Welcome));

        // The earlier release's client: a Batch serializer that writes format version 1.
        var slim = new SlimSerializer(new SlimOptions { RegistryMode = TypeRegistryMode.Batch, WriteFormatVersion = SlimFormatVersion.Version1 });
        byte[] args = slim.Serialize(ValueTuple.Create("hello"));
        Assert.That(args[2], Is.EqualTo((byte)1));
        await peer.SendFrameAsync(FrameType.Call, [1, 0, (byte)ShapesWire.MethodId(nameof(IShapes.Echo)), 0, .. args]);
        (FrameType Type, byte[] Content)? result = await peer.ReceiveFrameAsync(s_guard);

        Assert.That(result?.Type, Is.EqualTo(FrameType.Result));
        Assert.That(SlimVersions(result!.Value.Content), Is.Not.Empty.And.All.EqualTo((byte)1));
    }

    /// <summary>
    /// A server of an earlier release ignores the Hello's format flag and sends no Slim format bit in its Welcome, in
    /// either of the shapes earlier servers had: no layouts byte at all (before layout negotiation, c1e2047), or the
    /// layouts byte of a Tolerant server, <c>00</c> (after it). This client then writes its calls in version 1.
    /// </summary>
    [TestCase(false)]
    [TestCase(true)]
    public async Task ServerOfAnEarlierRelease_ClientCallsInFormatVersion1(bool welcomeHasLayoutsByte)
    {
        RawServerCall call = await AdoptThroughRawServerAsync(welcomeLayouts: welcomeHasLayoutsByte ? (byte)0 : null);

        Assert.That(call.Body[..3], Is.EqualTo(new byte[] { (byte)'S', (byte)'L', 1 }), "the argument pack's message header");
        Assert.That(SlimVersions(call.Content), Is.Not.Empty.And.All.EqualTo((byte)1));
    }

    /// <summary>
    /// The control of the test above: the same raw server, answering with the Welcome of this release (Tolerant layouts
    /// and the Slim format bit), gets version 2. So the version 1 above comes from the Welcome, not from the raw server.
    /// </summary>
    [Test]
    public async Task RawServerThatReadsFormat2_ClientCallsInFormatVersion2()
    {
        RawServerCall call = await AdoptThroughRawServerAsync(welcomeLayouts: ProtocolConstants.WelcomeReadsSlimFormat2);

        Assert.That(call.Body[..3], Is.EqualTo(new byte[] { (byte)'S', (byte)'L', 2 }), "the argument pack's message header");
        Assert.That(SlimVersions(call.Content), Is.Not.Empty.And.All.EqualTo((byte)2));
    }

    /// <summary>A call frame the raw server read: its type, its whole content (after the type byte) and its body.</summary>
    private sealed record RawServerCall(FrameType Type, byte[] Content, byte[] Body);

    /// <summary>
    /// A client of this release calls <see cref="IShapes.Adopt"/> through a raw TCP server that answers its Hello with
    /// a Welcome whose layouts byte is <paramref name="welcomeLayouts"/> (null: none), reads the call, and answers it
    /// with a Result in the Slim format version that Welcome promised to read (1 without the format bit, as an earlier
    /// server writes). The call completes with the adopted person, checked here; returns the call frame.
    /// </summary>
    private static async Task<RawServerCall> AdoptThroughRawServerAsync(byte? welcomeLayouts)
    {
        bool readsFormat2 = welcomeLayouts is byte b && (b & ProtocolConstants.WelcomeReadsSlimFormat2) != 0;
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        await using var client = new GlueClient(listener.LocalEndpoint);
        IShapes proxy = client.GetProxy<IShapes>();
        Task<Person> adopted = proxy.Adopt(new Person { Name = "p" }, new Person { Name = "c" });

        using RawPeer peer = await RawPeer.AcceptAsync(listener, s_guard);
        (FrameType Type, byte[] Content)? helloFrame = await peer.ReceiveFrameAsync(s_guard);
        Assert.That(helloFrame?.Type, Is.EqualTo(FrameType.Hello));
        HelloMessage hello = HandshakeCodec.ReadHello(new ReadOnlySequence<byte>(helloFrame!.Value.Content));
        Assert.That(hello.Flags & ProtocolConstants.FlagReadsSlimFormat2, Is.Not.Zero, "a client of this release asks for format 2");
        // Every contract asked for is hosted with all its methods; the layouts byte is the case's.
        ContractAnswer[] answers = [.. hello.Contracts.Select(c => new ContractAnswer(c.MethodHashes.Select(_ => true).ToArray()))];
        byte[] welcome;
        using (var w = new SlimWriter())
        {
            HandshakeCodec.WriteWelcome(w, new WelcomeMessage(ProtocolConstants.Version, 1 << 20, 64, answers, welcomeLayouts));
            welcome = w.WrittenSpan.ToArray();
        }
        await peer.SendFrameAsync(FrameType.Welcome, welcome);

        (FrameType Type, byte[] Content)? frame;
        do
        {
            frame = await peer.ReceiveFrameAsync(s_guard);
        }
        while (frame?.Type == FrameType.Ping); // a heartbeat may come first
        Assert.That(frame?.Type, Is.AnyOf(FrameType.Call, FrameType.TracedCall), "the client's first frame after the handshake");
        (CallHeader header, byte[] body) = ReadCall(frame!.Value.Type, frame.Value.Content);
        Assert.That(header.MethodId, Is.EqualTo(ShapesWire.MethodId(nameof(IShapes.Adopt))));

        // The raw server reads the arguments as a server's receiver does (a Batch serializer; it reads either version)
        // and answers the call in the version the Welcome promised.
        var receiver = new SlimSerializer(new SlimOptions { RegistryMode = TypeRegistryMode.Batch, TypePolicy = SlimTypePolicy.AllowAll });
        (Person parent, Person child) = ((Person, Person))receiver.Deserialize(body)!;
        Person result = await new ShapesService().Adopt(parent, child);
        var sender = new SlimSerializer(new SlimOptions { RegistryMode = TypeRegistryMode.Batch, WriteFormatVersion = readsFormat2 ? SlimFormatVersion.Version2 : SlimFormatVersion.Version1 });
        await peer.SendFrameAsync(FrameType.Result, ResultContent(header.CallId, sender.Serialize(result)));

        Person answer = await adopted.WaitAsync(s_guard);
        Assert.That((answer.Name, answer.Parent?.Name), Is.EqualTo(("c", "p")));
        return new RawServerCall(frame.Value.Type, frame.Value.Content, body);
    }

    /// <summary>A call frame's header (with Glue's own reader) and its body, the Slim message of the argument pack.</summary>
    private static (CallHeader Header, byte[] Body) ReadCall(FrameType type, byte[] content)
    {
        var reader = new HeaderReader(new ReadOnlySequence<byte>(content));
        CallHeader header = CallFrames.ReadCall(type, ref reader, materializeTrace: false);
        return (header, reader.Rest.ToArray());
    }

    /// <summary>A Result frame's content: the call id (with Glue's own writer), then the result's Slim message.</summary>
    private static byte[] ResultContent(int callId, byte[] message)
    {
        Span<byte> buffer = stackalloc byte[HeaderWriter.MaxSize];
        var header = new HeaderWriter(buffer);
        CallFrames.WriteResult(ref header, callId);
        return [.. header.Written, .. message];
    }

    [Test]
    public void Welcome_SlimFormatBit_IsReadOnlyByAClientThatAskedForIt()
    {
        ContractRequest[] asked = [new("C", [1])];
        byte[] bytes = Convert.FromHexString("01" + "808040" + "40" + "01" + "01" + "01" + "01" + "04");
        WelcomeMessage welcome = HandshakeCodec.ReadWelcome(new ReadOnlySequence<byte>(bytes), asked, layoutsAsked: true, slimFormat2Asked: true);
        Assert.That(welcome.Layouts, Is.EqualTo(ProtocolConstants.WelcomeReadsSlimFormat2));
        // A client of an earlier release never asked, and refuses the bit: a server sends it only to clients that ask.
        Assert.Throws<GlueProtocolException>(() => HandshakeCodec.ReadWelcome(new ReadOnlySequence<byte>(bytes), asked, layoutsAsked: true));
        Assert.That(ProtocolConstants.FlagReadsSlimFormat2, Is.EqualTo(16u));
    }
}
