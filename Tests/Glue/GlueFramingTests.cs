using System.Buffers;
using NFX.Glue;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.IO;

namespace NFX.Tests.Glue;

public sealed class GlueFramingTests
{
    [Test]
    public void TryRead_BytesArriveOneByOne_CompletesOnlyOnTheLastByte()
    {
        byte[] wire = Convert.FromHexString("0900000015" + "0102030405060708");

        for (int n = 0; n < wire.Length; n++)
        {
            var partial = new ReadOnlySequence<byte>(wire, 0, n);
            Assert.That(FrameCodec.TryRead(ref partial, 1024, out _, out _), Is.False, $"{n} bytes");
        }
        var whole = new ReadOnlySequence<byte>(wire);
        Assert.That(FrameCodec.TryRead(ref whole, 1024, out FrameType type, out ReadOnlySequence<byte> content), Is.True);
        Assert.That(type, Is.EqualTo(FrameType.Ping));
        Assert.That(new HeaderReader(content).ReadFixed64(), Is.EqualTo(0x0807060504030201UL));
        Assert.That(whole.Length, Is.Zero, "the frame was consumed");
    }

    [Test]
    public void TryRead_FrameSplitAcrossSegments_ReadsHeaderAndBody()
    {
        byte[] wire = Convert.FromHexString("0700000012" + "05" + "AABBCCDDEE" + "0600000014" + "07");
        ReadOnlySequence<byte> buffer = NFX.Tests.Support.Sequences.SplitAt(wire, 2, 5, 9);

        Assert.That(FrameCodec.TryRead(ref buffer, 1024, out FrameType first, out ReadOnlySequence<byte> content), Is.True);
        var header = new HeaderReader(content);
        Assert.That(first, Is.EqualTo(FrameType.Result));
        Assert.That(header.ReadVarUInt32(), Is.EqualTo(5));
        Assert.That(header.Rest.ToArray(), Is.EqualTo(new byte[] { 0xAA, 0xBB, 0xCC, 0xDD, 0xEE }));
        Assert.That(FrameCodec.TryRead(ref buffer, 1024, out FrameType second, out content), Is.False, "second frame is one byte short");
        Assert.That(second, Is.EqualTo(default(FrameType)));
    }

    [Test]
    public void TryRead_LengthOverLimit_ThrowsBeforeTheBodyArrives()
    {
        var buffer = new ReadOnlySequence<byte>(Convert.FromHexString("01040000"));

        GlueProtocolException? error = Assert.Throws<GlueProtocolException>(() => FrameCodec.TryRead(ref buffer, 1024, out _, out _));
        Assert.That(error!.Message, Does.Contain("1025"));
    }

    [Test]
    public void TryRead_ZeroLength_Throws()
    {
        var buffer = new ReadOnlySequence<byte>(new byte[4]);

        Assert.Throws<GlueProtocolException>(() => FrameCodec.TryRead(ref buffer, 1024, out _, out _));
    }

    [TestCase("FFFFFFFFFF01", "overlong")]
    [TestCase("808080808000", "overlong")]
    [TestCase("8080", "truncated")]
    [TestCase("8100", "not minimally encoded")]
    [TestCase("FFFFFFFF00", "not minimally encoded")]
    public void HeaderReader_MalformedVarint_ThrowsProtocolException(string hex, string reason)
    {
        GlueProtocolException? error = Assert.Throws<GlueProtocolException>(() =>
            new HeaderReader(new ReadOnlySequence<byte>(Convert.FromHexString(hex))).ReadVarUInt32());

        Assert.That(error!.Message, Does.Contain(reason));
    }

    [Test]
    public void Write_PingFrame_MatchesGoldenBytes()
    {
        var output = new ArrayBufferWriter<byte>();
        Span<byte> buffer = stackalloc byte[HeaderWriter.MaxSize];
        var header = new HeaderWriter(buffer);
        header.WriteFixed64(0x0807060504030201UL);

        FrameCodec.Write(output, FrameType.Ping, header.Written, default);

        Assert.That(Convert.ToHexString(output.WrittenSpan), Is.EqualTo("0900000015" + "0102030405060708"));
    }

    [Test]
    public void Hello_OneContract_MatchesGoldenBytesAndRoundTrips()
    {
        var hello = new HelloMessage(1, 1, 300, [0xAB], [new ContractRequest("C", [0x1122334455667788UL])]);
        using var w = new SlimWriter();

        HandshakeCodec.WriteHello(w, hello);

        Assert.That(Convert.ToHexString(w.WrittenSpan), Is.EqualTo(
            "474C5545" + "01" + "01" + "AC02" + "02AB" + "01" + "0243" + "01" + "8877665544332211"));
        HelloMessage back = HandshakeCodec.ReadHello(new ReadOnlySequence<byte>(w.ToArray()));
        Assert.That(back.Version, Is.EqualTo(1));
        Assert.That(back.Flags, Is.EqualTo(1));
        Assert.That(back.MaxMessageSize, Is.EqualTo(300));
        Assert.That(back.Token, Is.EqualTo(new byte[] { 0xAB }));
        Assert.That(back.Contracts.Single().Name, Is.EqualTo("C"));
        Assert.That(back.Contracts.Single().MethodHashes, Is.EqualTo(new[] { 0x1122334455667788UL }));
    }

    [TestCase("474C5545" + "01" + "00" + "8008" + "00" + "818001", "contract count")]
    [TestCase("474C5545" + "01" + "00" + "8008" + "828001", "MaxLength")]
    [TestCase("474C5545" + "01" + "00" + "8008" + "00" + "03", "")]
    [TestCase("474C5545" + "01" + "00" + "8008" + "00" + "01" + "0243" + "818001", "method count")]
    [TestCase("474C5545" + "01" + "00" + "8008" + "00" + "01" + "00" + "00", "no name")]
    [TestCase("474C5545" + "01" + "00" + "8008" + "00" + "00" + "FF", "unexpected bytes")]
    [TestCase("474C5545" + "01" + "00" + "8008" + "00" + "01" + "02C3" + "00", "UTF-8")]
    [TestCase("474C5545" + "01" + "00" + "FFFFFFFF0F", "max message size")]
    public void Hello_Malformed_ThrowsProtocolException(string hex, string reason)
    {
        GlueProtocolException? error = Assert.Throws<GlueProtocolException>(() =>
            HandshakeCodec.ReadHello(new ReadOnlySequence<byte>(Convert.FromHexString(hex))));

        Assert.That(error!.Message, Does.Contain(reason));
    }

    [Test]
    public void Hello_WrongMagic_ReadsAsVersionZero()
    {
        HelloMessage hello = HandshakeCodec.ReadHello(new ReadOnlySequence<byte>("GET / HTTP/1.1"u8.ToArray()));

        Assert.That(hello.Version, Is.Zero);
        Assert.That(hello.Contracts, Is.Empty);
    }
}
