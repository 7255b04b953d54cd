using System.Buffers;
using System.Diagnostics;
using NFX.Glue;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Telemetry;

namespace NFX.Tests.GlueCluster;

/// <summary>The trace context in TracedCall frames: the byte layout documented in docs/GLUE.md, and hostile input.</summary>
public sealed class GlueTraceFrameTests
{
    private static readonly ActivityContext s_example = new(
        ActivityTraceId.CreateFromString("0af7651916cd43dd8448eb211c80319c"),
        ActivitySpanId.CreateFromString("b7ad6b7169203331"),
        ActivityTraceFlags.Recorded, "k=v");

    [Test]
    public void TracedCall_DocumentedExample_EncodesByteForByte()
    {
        Span<byte> buffer = stackalloc byte[HeaderWriter.MaxSize + TraceContextCodec.MaxSize];
        var header = new HeaderWriter(buffer);
        header.WriteVarUInt32(7);
        header.WriteVarUInt32(0);
        header.WriteVarUInt32(2);
        header.WriteVarUInt32(1000);
        ActivityContext context = s_example;
        TraceContextCodec.Write(ref header, in context);
        var frame = new ArrayBufferWriter<byte>();
        FrameCodec.Write(frame, FrameType.TracedCall, header.Written, default);

        Assert.That(Convert.ToHexString(frame.WrittenSpan),
            Is.EqualTo("23000000" + "50" + "07000" + "2E807" + "0AF7651916CD43DD8448EB211C80319C" + "B7AD6B7169203331" + "01" + "04" + "6B3D76"));
    }

    [Test]
    public void TraceContext_WrittenThenRead_IsTheSameRemoteContext()
    {
        ActivityContext read = RoundTrip(s_example, materialize: true);

        Assert.That(read.TraceId, Is.EqualTo(s_example.TraceId));
        Assert.That(read.SpanId, Is.EqualTo(s_example.SpanId));
        Assert.That(read.TraceFlags, Is.EqualTo(ActivityTraceFlags.Recorded));
        Assert.That(read.TraceState, Is.EqualTo("k=v"));
        Assert.That(read.IsRemote, Is.True);
    }

    [Test]
    public void TraceContext_NobodyListening_IsSkippedAsDefault()
    {
        Assert.That(RoundTrip(s_example, materialize: false), Is.EqualTo(default(ActivityContext)));
    }

    [Test]
    public void TraceContext_TraceStateOver512Bytes_IsNotSent()
    {
        var context = new ActivityContext(s_example.TraceId, s_example.SpanId, ActivityTraceFlags.None, new string('x', 513));

        Assert.That(RoundTrip(context, materialize: true).TraceState, Is.Null);
    }

    [Test]
    public void TraceContext_AllZeroIds_MeanNoParent()
    {
        byte[] bytes = new byte[25 + 1];
        Assert.That(Read(bytes, materialize: true), Is.EqualTo(default(ActivityContext)));
    }

    [Test]
    public void TraceContext_TraceStateLengthOverTheLimit_IsAProtocolError()
    {
        byte[] bytes = new byte[25 + 2];
        bytes[0] = 1;
        bytes[25] = 0x82; // u32v 514 = 513 bytes of trace state
        bytes[26] = 0x04;

        Assert.Throws<GlueProtocolException>(() => Read(bytes, materialize: true));
    }

    [Test]
    public void TraceContext_Truncated_IsAProtocolError()
    {
        Assert.Throws<GlueProtocolException>(() => Read(new byte[20], materialize: true));
    }

    private static ActivityContext RoundTrip(ActivityContext context, bool materialize)
    {
        byte[] buffer = new byte[TraceContextCodec.MaxSize];
        var header = new HeaderWriter(buffer);
        TraceContextCodec.Write(ref header, in context);
        return Read(header.Written.ToArray(), materialize);
    }

    private static ActivityContext Read(byte[] bytes, bool materialize)
    {
        var reader = new HeaderReader(new ReadOnlySequence<byte>(bytes));
        ActivityContext context = TraceContextCodec.Read(ref reader, materialize);
        Assert.That(reader.Remaining, Is.Zero, "the reader consumed exactly the trace context");
        return context;
    }
}
