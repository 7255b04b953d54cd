using System.Buffers;
using NFX.Glue;
using NFX.Glue.Protocol;
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
        var slim = new SlimSerializer(new SlimOptions { RegistryMode = TypeRegistryMode.Batch, WriteFormatVersion = 1 });
        byte[] args = slim.Serialize(ValueTuple.Create("hello"));
        Assert.That(args[2], Is.EqualTo((byte)1));
        await peer.SendFrameAsync(FrameType.Call, [1, 0, (byte)ShapesWire.MethodId(nameof(IShapes.Echo)), 0, .. args]);
        (FrameType Type, byte[] Content)? result = await peer.ReceiveFrameAsync(s_guard);

        Assert.That(result?.Type, Is.EqualTo(FrameType.Result));
        Assert.That(SlimVersions(result!.Value.Content), Is.Not.Empty.And.All.EqualTo((byte)1));
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
