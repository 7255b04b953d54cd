using System.Buffers;
using NFX.Glue;
using NFX.Glue.Contracts;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Tests.Glue.Support;
using NFX.Tests.GlueStreaming.Support;

namespace NFX.Tests.GlueStreaming;

/// <summary>The stream frames byte by byte as docs/GLUE.md documents them, their strict parsing, and the contract rules.</summary>
public sealed class GlueStreamFrameTests
{
    private static string Frame(FrameType type, Action<HeaderWriterBox> header, byte[]? body = null)
    {
        var box = new HeaderWriterBox();
        header(box);
        var output = new ArrayBufferWriter<byte>();
        FrameCodec.Write(output, type, box.Written, body ?? []);
        return Convert.ToHexString(output.WrittenSpan);
    }

    [Test]
    public void StreamItems_DocumentedExample_EncodesByteForByte()
    {
        Assert.That(Frame(FrameType.StreamItems, h => h.CallId(7), [0xAA, 0xBB]), Is.EqualTo("04000000" + "1C" + "07" + "AABB"));
    }

    [Test]
    public void StreamCredit_DocumentedExample_EncodesByteForByte()
    {
        Assert.That(Frame(FrameType.StreamCredit, h => h.Credit(7, 256)), Is.EqualTo("04000000" + "1D" + "07" + "8002"));
    }

    [Test]
    public void StreamEnd_DocumentedExample_EncodesByteForByte()
    {
        Assert.That(Frame(FrameType.StreamEnd, h => h.CallId(300)), Is.EqualTo("03000000" + "1E" + "AC02"));
    }

    [TestCase("0700", TestName = "StreamCredit_Malformed_IsProtocolError(zero credits)")]
    [TestCase("0781800401", TestName = "StreamCredit_Malformed_IsProtocolError(65537 credits)")]
    [TestCase("070100", TestName = "StreamCredit_Malformed_IsProtocolError(trailing byte)")]
    [TestCase("07", TestName = "StreamCredit_Malformed_IsProtocolError(truncated)")]
    [TestCase("078100", TestName = "StreamCredit_Malformed_IsProtocolError(non-minimal varint)")]
    public void StreamCredit_Malformed_IsProtocolError(string hex)
    {
        Assert.Throws<GlueProtocolException>(() =>
        {
            var header = new HeaderReader(new ReadOnlySequence<byte>(Convert.FromHexString(hex)));
            StreamFrames.ReadCredit(ref header);
        });
    }

    [Test]
    public void StreamCredit_Largest_IsRead()
    {
        var header = new HeaderReader(new ReadOnlySequence<byte>(Convert.FromHexString("07808004")));

        Assert.That(StreamFrames.ReadCredit(ref header), Is.EqualTo((7, (uint)ProtocolConstants.MaxStreamCredit)));
    }

    [Test]
    public async Task Wire_ResultStream_CallThenCreditFromClient_ItemsThenEndFromServer()
    {
        var service = new StreamsService();
        await using GlueTestHost host = await GlueTestHost.StartAsync(GlueTransportKind.Memory, s => s.Host<IStreams>(service));
        var tap = new WireTap(host.Server);
        IStreams streams = host.CreateClient(new GlueClientOptions { StreamWindow = 4, Connector = tap.ConnectAsync }).GetProxy<IStreams>();

        var items = new List<int>();
        await foreach (int i in streams.Range(10, CancellationToken.None))
        {
            items.Add(i);
        }

        Assert.That(items, Is.EqualTo(Enumerable.Range(0, 10)));
        (FrameType Type, byte[] Content)[] client = tap.ClientFrames().Where(f => f.Type != FrameType.Hello).ToArray();
        Assert.That(client[0].Type, Is.EqualTo(FrameType.Call));
        Assert.That(Convert.ToHexString(client[1].Content), Is.EqualTo("0104"), "the first window: call 1, 4 credits");
        Assert.That(client.Skip(2).All(f => f.Type == FrameType.StreamCredit && Convert.ToHexString(f.Content) == "0102"), Is.True,
            "then half a window at a time");
        FrameType[] server = tap.ServerFrames().Where(f => f.Type != FrameType.Welcome).Select(f => f.Type).ToArray();
        Assert.That(server[^1], Is.EqualTo(FrameType.StreamEnd));
        Assert.That(server[..^1].All(t => t == FrameType.StreamItems), Is.True, "items (batched: at most a window's credits each), then the end");
        Assert.That(server.Length, Is.InRange(1 + 10 / 4, 11));
    }

    [Test]
    public async Task Wire_Upload_ServerCreditsThenItemsAndEndFromClient()
    {
        var service = new StreamsService();
        await using GlueTestHost host = await GlueTestHost.StartAsync(GlueTransportKind.Memory, s => s.Host<IStreams>(service),
            GlueTestHost.DefaultServerOptions with { StreamWindow = 2 });
        var tap = new WireTap(host.Server);
        IStreams streams = host.CreateClient(new GlueClientOptions { Connector = tap.ConnectAsync }).GetProxy<IStreams>();

        Assert.That(await streams.Sum(AsyncSequences.Numbers(5)), Is.EqualTo(10));

        FrameType[] client = tap.ClientFrames().Where(f => f.Type != FrameType.Hello).Select(f => f.Type).ToArray();
        Assert.That(client[0], Is.EqualTo(FrameType.Call));
        Assert.That(client[^1], Is.EqualTo(FrameType.StreamEnd));
        Assert.That(client[1..^1].All(t => t == FrameType.StreamItems), Is.True);
        Assert.That(client.Length - 2, Is.InRange(3, 5), "five items in batches of at most the window of 2");
        (FrameType Type, byte[] Content)[] server = tap.ServerFrames().Where(f => f.Type != FrameType.Welcome).ToArray();
        Assert.That(server.Count(f => f.Type == FrameType.StreamCredit), Is.GreaterThanOrEqualTo(3), "a window of 2, granted again item by item");
        Assert.That(server[^1].Type, Is.EqualTo(FrameType.Result));
    }

    [TestCase(typeof(IBadTwoUploads), "IBadTwoUploads.Merge", "at most one")]
    [TestCase(typeof(IBadOneWayUpload), "IBadOneWayUpload.Push", "[OneWay]")]
    public void Descriptor_InvalidStreamingContract_ThrowsNamingTheMethodAndRule(Type contract, string where, string rule)
    {
        GlueContractException? error = Assert.Throws<GlueContractException>(() => ContractDescriptor.For(contract));

        Assert.That(error!.Message, Does.Contain(where));
        Assert.That(error.Message, Does.Contain(rule));
    }

    [Test]
    public void Descriptor_StreamingMethods_KeepTheStreamTypesInTheirSignatures()
    {
        ContractDescriptor contract = ContractDescriptor.For(typeof(IStreams));

        MethodDescriptor range = contract.Methods.Single(m => m.Method.Name == nameof(IStreams.Range));
        MethodDescriptor sum = contract.Methods.Single(m => m.Method.Name == nameof(IStreams.Sum));
        MethodDescriptor scale = contract.Methods.Single(m => m.Method.Name == nameof(IStreams.Scale));

        Assert.That(range.Signature, Is.EqualTo("Range(System.Int32):System.Collections.Generic.IAsyncEnumerable`1[System.Int32]"));
        Assert.That(sum.Signature, Is.EqualTo("Sum(System.Collections.Generic.IAsyncEnumerable`1[System.Int32]):System.Int64"));
        Assert.That((range.IsServerStream, range.HasUpload, sum.IsServerStream, sum.HasUpload, scale.IsServerStream, scale.HasUpload),
            Is.EqualTo((true, false, false, true, true, true)));
        Assert.That(sum.HasArgs, Is.False, "the uploaded stream is not in the argument pack");
    }

    /// <summary>A header being built (a class, so a lambda can fill it).</summary>
    private sealed class HeaderWriterBox
    {
        private readonly byte[] _buffer = new byte[StreamFrames.MaxHeaderSize];
        private int _length;

        public byte[] Written => _buffer[.._length];

        public void CallId(int callId)
        {
            var header = new HeaderWriter(_buffer);
            StreamFrames.WriteCallId(ref header, callId);
            _length = header.Written.Length;
        }

        public void Credit(int callId, uint credits)
        {
            var header = new HeaderWriter(_buffer);
            StreamFrames.WriteCredit(ref header, callId, credits);
            _length = header.Written.Length;
        }
    }
}
