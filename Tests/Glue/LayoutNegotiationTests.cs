using System.Buffers;
using NFX.Glue;
using NFX.Glue.Protocol;
using NFX.Glue.Serialization;
using NFX.IO;
using NFX.Slim;
using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

/// <summary>
/// The handshake negotiates how DTO layouts cross (docs/GLUE.md, "Handshake"): each end states whether it writes
/// member lists or fingerprints and whether it refuses member lists; ends that disagree fail to connect with an error
/// naming both settings; peers that predate negotiation keep working.
/// </summary>
public sealed class LayoutNegotiationTests
{
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    [Test]
    public void Hello_LayoutFlags_MatchGoldenBytes()
    {
        uint tolerant = LayoutStance.Of(SlimVersioning.Tolerant).ToHelloFlags();
        uint strict = LayoutStance.Of(SlimVersioning.Strict).ToHelloFlags();
        using var w = new SlimWriter();

        HandshakeCodec.WriteHello(w, new HelloMessage(1, ProtocolConstants.FlagExceptionObjects | strict, 300, [0xAB], [new ContractRequest("C", [0x1122334455667788UL])]));

        Assert.That(tolerant, Is.EqualTo(0x02u), "negotiates; writes member lists; accepts them");
        Assert.That(strict, Is.EqualTo(0x0Eu), "negotiates; writes fingerprints; refuses member lists");
        Assert.That(Convert.ToHexString(w.WrittenSpan), Is.EqualTo(
            "474C5545" + "01" + "0F" + "AC02" + "02AB" + "01" + "0243" + "01" + "8877665544332211"));
        Assert.That(LayoutStance.FromHello(0x0F), Is.EqualTo(new LayoutStance(true, true)));
        Assert.That(LayoutStance.FromHello(0x0D), Is.EqualTo(LayoutStance.Legacy), "without bit 1 the other bits are not a statement");
    }

    [Test]
    public void Welcome_LayoutsByte_MatchesGoldenBytesAndRoundTrips()
    {
        ContractRequest[] asked = [new("C", [1, 2])];
        var welcome = new WelcomeMessage(1, 1 << 20, 64, [new ContractAnswer([true, false])], LayoutStance.Of(SlimVersioning.Strict).ToWelcomeByte());
        using var w = new SlimWriter();

        HandshakeCodec.WriteWelcome(w, welcome);

        Assert.That(Convert.ToHexString(w.WrittenSpan), Is.EqualTo(
            "01" + "808040" + "40" + "01" + "01" + "02" + "0100" + "03"));
        WelcomeMessage back = HandshakeCodec.ReadWelcome(new ReadOnlySequence<byte>(w.ToArray()), asked, layoutsAsked: true);
        Assert.That(back.Layouts, Is.EqualTo((byte)0x03));
        Assert.That(LayoutStance.FromWelcome(back.Layouts), Is.EqualTo(new LayoutStance(true, true)));
        Assert.That(LayoutStance.FromWelcome(0), Is.EqualTo(new LayoutStance(false, false)));
    }

    [Test]
    public void Welcome_FromAServerThatPredatesNegotiation_ReadsAsLegacy()
    {
        ContractRequest[] asked = [new("C", [1])];
        byte[] old = Convert.FromHexString("01" + "808040" + "40" + "01" + "01" + "01" + "01");

        WelcomeMessage welcome = HandshakeCodec.ReadWelcome(new ReadOnlySequence<byte>(old), asked, layoutsAsked: true);

        Assert.That(welcome.Layouts, Is.Null);
        Assert.That(LayoutStance.FromWelcome(welcome.Layouts), Is.EqualTo(LayoutStance.Legacy));
        Assert.That(LayoutStance.Disagreement(LayoutStance.Of(SlimVersioning.Tolerant), LayoutStance.Legacy), Is.Null);
        Assert.That(LayoutStance.Disagreement(LayoutStance.Of(SlimVersioning.Strict), LayoutStance.Legacy), Does.Contain("the server writes version-tolerant"));
    }

    [TestCase("04", "undefined bits")]
    [TestCase("0300", "unexpected bytes")]
    public void Welcome_BadLayoutsByte_ThrowsProtocolException(string tail, string reason)
    {
        ContractRequest[] asked = [new("C", [1])];
        byte[] bytes = Convert.FromHexString("01" + "808040" + "40" + "01" + "01" + "01" + "01" + tail);

        var error = Assert.Throws<GlueProtocolException>(() => HandshakeCodec.ReadWelcome(new ReadOnlySequence<byte>(bytes), asked, layoutsAsked: true));

        Assert.That(error!.Message, Does.Contain(reason));
        Assert.Throws<GlueProtocolException>(() => HandshakeCodec.ReadWelcome(new ReadOnlySequence<byte>(bytes), asked), "a client that did not ask reads no layouts byte");
    }

    [TestCase(SlimVersioning.Tolerant)]
    [TestCase(SlimVersioning.Strict)]
    public async Task SameVersioningOnBothEnds_CallsWithDtosSucceed(SlimVersioning versioning)
    {
        await using GlueTestHost host = await GlueTestHost.StartAsync(GlueTransportKind.Tcp, s => s.Host<IShapes>(new ShapesService()),
            GlueTestHost.DefaultServerOptions with { Versioning = versioning });
        IShapes proxy = host.CreateClient(new GlueClientOptions { Versioning = versioning }).GetProxy<IShapes>();

        for (int i = 0; i < 3; i++)
        {
            Person child = await proxy.Adopt(new Person { Name = "p" + i }, new Person { Name = "c" + i }).WaitAsync(s_guard);
            Assert.That(child.Name, Is.EqualTo("c" + i));
            Assert.That(child.Parent!.Friends.Single(), Is.SameAs(child), "the cycle through the result");
        }
    }

    [TestCase(SlimVersioning.Tolerant, SlimVersioning.Strict, "the client writes version-tolerant layouts")]
    [TestCase(SlimVersioning.Strict, SlimVersioning.Tolerant, "the server writes version-tolerant layouts")]
    public async Task DifferentVersioning_Connecting_FailsNamingBothSettings(SlimVersioning client, SlimVersioning server, string which)
    {
        await using GlueTestHost host = await GlueTestHost.StartAsync(GlueTransportKind.Tcp, s => s.Host<IShapes>(new ShapesService()),
            GlueTestHost.DefaultServerOptions with { Versioning = server });
        IShapes proxy = host.CreateClient(new GlueClientOptions { Versioning = client, ReconnectDelay = TimeSpan.FromMilliseconds(5) }).GetProxy<IShapes>();

        GlueProtocolException? error = await Assert.ThrowsAsync<GlueProtocolException>(() => proxy.Add(1, 2).WaitAsync(s_guard));

        Assert.That(error!.Message, Does.Contain("Layout versioning differs").And.Contain(which).And.Contain("Versioning = Strict"));
    }

    [Test]
    public async Task ClientThatPredatesNegotiation_DefaultServer_WelcomesItAsBefore()
    {
        await using GlueTestHost host = await GlueTestHost.StartAsync(GlueTransportKind.Tcp, s => s.Host<IShapes>(new ShapesService()));
        using RawPeer peer = await RawPeer.ConnectAsync(host.Server.LocalEndPoint!);

        await peer.SendHelloAsync(null, new ContractRequest("NoSuchContract", []));
        (FrameType Type, byte[] Content)? frame = await peer.ReceiveFrameAsync(s_guard);

        Assert.That(frame?.Type, Is.EqualTo(FrameType.Welcome));
        WelcomeMessage welcome = HandshakeCodec.ReadWelcome(new ReadOnlySequence<byte>(frame!.Value.Content), [new ContractRequest("NoSuchContract", [])]);
        Assert.That(welcome.Layouts, Is.Null, "no layouts byte for a client that did not negotiate: its parser would refuse it");
    }

    [Test]
    public async Task ClientThatPredatesNegotiation_StrictServer_IsRefusedWithTheLayoutsCode()
    {
        await using GlueTestHost host = await GlueTestHost.StartAsync(GlueTransportKind.Tcp, s => s.Host<IShapes>(new ShapesService()),
            GlueTestHost.DefaultServerOptions with { Versioning = SlimVersioning.Strict });
        using RawPeer peer = await RawPeer.ConnectAsync(host.Server.LocalEndPoint!);

        await peer.SendHelloAsync(null);
        (FrameType Type, byte[] Content)? frame = await peer.ReceiveFrameAsync(s_guard);

        Assert.That(frame?.Type, Is.EqualTo(FrameType.Refused));
        (RefusalCode code, string message) = HandshakeCodec.ReadRefused(new ReadOnlySequence<byte>(frame!.Value.Content));
        Assert.That(code, Is.EqualTo(RefusalCode.Layouts));
        Assert.That((uint)code, Is.EqualTo(4u));
        Assert.That(message, Does.Contain("the client writes version-tolerant layouts"));
    }

    [TestCase(SlimVersioning.Tolerant)]
    [TestCase(SlimVersioning.Strict)]
    public void BatchSender_RepeatedMessages_LayoutsCrossOnceThenZeroGrowth(SlimVersioning versioning)
    {
        IGlueSerializer sender = SlimGlueSerializerFactory.Instance.CreateSender(versioning);
        IGlueSerializer strict = SlimGlueSerializerFactory.Instance.CreateSender(SlimVersioning.Strict);
        var sizes = new List<int>();
        var strictSizes = new List<int>();

        for (int i = 0; i < 4; i++)
        {
            var person = new Person { Name = "n", Age = i % 2, Parent = new Person { Name = "p" } };
            sizes.Add(Size(sender, person));
            strictSizes.Add(Size(strict, person));
        }

        Assert.That(sizes[1], Is.LessThan(sizes[0]), "the first message carries the entries and their layouts");
        Assert.That(sizes.Skip(1), Is.All.EqualTo(sizes[1]), "every later message is the same size");
        Assert.That(sizes.Skip(1), Is.EqualTo(strictSizes.Skip(1)), "0 bytes of growth against strict after the first message");
    }

    [Test]
    public async Task Connection_RepeatedCallsWithDtos_LayoutsCrossOnceThenCallFramesMatchStrict()
    {
        var sizes = new Dictionary<SlimVersioning, (int[] Calls, int[] Results)>();
        foreach (SlimVersioning versioning in new[] { SlimVersioning.Tolerant, SlimVersioning.Strict })
        {
            await using GlueTestHost host = await GlueTestHost.StartAsync(GlueTransportKind.Memory, s => s.Host<IShapes>(new ShapesService()),
                GlueTestHost.DefaultServerOptions with { Versioning = versioning });
            var tap = new WireTap(host.Server);
            IShapes proxy = host.CreateClient(new GlueClientOptions { Versioning = versioning, Connector = tap.ConnectAsync }).GetProxy<IShapes>();
            for (int i = 0; i < 4; i++)
            {
                await proxy.Adopt(new Person { Name = "p", Age = i % 2 }, new Person { Name = "c" }).WaitAsync(s_guard);
            }
            sizes[versioning] = (
                [.. tap.ClientFrames().Where(f => f.Type == FrameType.Call).Select(f => f.Content.Length)],
                [.. tap.ServerFrames().Where(f => f.Type == FrameType.Result).Select(f => f.Content.Length)]);
        }

        (int[] calls, int[] results) = sizes[SlimVersioning.Tolerant];
        Assert.That(calls, Has.Length.EqualTo(4));
        Assert.That(calls[0], Is.GreaterThan(calls[1]), "the first call carries Person's entry and member list");
        Assert.That(calls.Skip(1), Is.EqualTo(sizes[SlimVersioning.Strict].Calls.Skip(1)), "later calls: 0 bytes of growth over strict");
        Assert.That(results.Skip(1), Is.EqualTo(sizes[SlimVersioning.Strict].Results.Skip(1)), "later results: 0 bytes of growth over strict");
    }

    private static int Size(IGlueSerializer serializer, object value)
    {
        var output = new ArrayBufferWriter<byte>();
        serializer.Serialize(output, value);
        return output.WrittenCount;
    }
}
