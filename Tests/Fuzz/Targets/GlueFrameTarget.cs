using System.Buffers;
using System.Diagnostics;
using NFX.Glue;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.IO;
using NFX.Tests.Support;

namespace NFX.Tests.Fuzz.Targets;

/// <summary>
/// Glue's framing and frame headers, as a connection reads them: the input is the byte stream of a connection
/// (split into uneven segments, as a pipe hands it over); every complete frame is taken off by the frame codec and its
/// header parsed the way the server (<see cref="CallFrames.ReadCall"/> for Call, OneWayCall and their traced forms,
/// Cancel, Bind) and the client (<see cref="CallFrames.ReadResult"/>, Error, Bound, Pong, Goodbye) parse it, and the
/// stream frames both ends read (<see cref="StreamFrames"/>). Seeds: frames written by the real writers. Only
/// <see cref="GlueProtocolException"/> may escape.
/// </summary>
public sealed class GlueFrameTarget : FuzzTarget
{
    private const int MaxFrame = 64 * 1024;
    private const int MaxFrames = 64;
    private const int BoundMethods = 3;

    /// <inheritdoc/>
    public override string Name => "glue-frames";

    /// <inheritdoc/>
    public override IEnumerable<byte[]> DictionaryTokens() => FuzzDictionary.GlueTokens();

    /// <inheritdoc/>
    public override IEnumerable<(string Name, byte[] Input)> Seeds()
    {
        var traced = new ActivityContext(ActivityTraceId.CreateRandom(), ActivitySpanId.CreateRandom(), ActivityTraceFlags.Recorded, "k=v,a=b");
        yield return ("call", Frame(FrameType.Call, (ref h) => CallFrames.WriteCall(ref h, FrameType.Call, 7, 0, 2, 1500, default), [1, 2, 3]));
        yield return ("traced-call", Frame(FrameType.TracedCall, (ref h) => CallFrames.WriteCall(ref h, FrameType.TracedCall, 8, 1, 0, 0, traced), []));
        yield return ("one-way", Frame(FrameType.OneWayCall, (ref h) => CallFrames.WriteOneWay(ref h, FrameType.OneWayCall, 3, 4, default), [9]));
        yield return ("traced-one-way", Frame(FrameType.TracedOneWayCall, (ref h) => CallFrames.WriteOneWay(ref h, FrameType.TracedOneWayCall, 3, 4, traced), []));
        yield return ("result", Frame(FrameType.Result, (ref h) => CallFrames.WriteResult(ref h, 300), [0xAA, 0xBB]));
        yield return ("error", Frame(FrameType.Error, (ref _) => { }, Body(w => ControlFrames.WriteError(w, 9,
            new ErrorMessage(ErrorKind.Remote, "System.InvalidOperationException", "boom ✓", "at X()", [1, 2])))));
        yield return ("cancel", Frame(FrameType.Cancel, (ref h) => h.WriteVarUInt32(77), []));
        yield return ("ping-pong", [.. Frame(FrameType.Ping, (ref h) => h.WriteFixed64(5), []), .. Frame(FrameType.Pong, (ref h) => h.WriteFixed64(ProtocolConstants.HeartbeatBit | 5), [])]);
        yield return ("goodbye", Frame(FrameType.Goodbye, (ref _) => { }, Body(w => ControlFrames.WriteGoodbye(w, GoodbyeReason.ProtocolError, "bye"))));
        yield return ("bind", Frame(FrameType.Bind, (ref h) => { h.WriteVarUInt32(4); h.WriteVarUInt32(2); },
            Body(w => HandshakeCodec.WriteContractRequest(w, new ContractRequest("IOrders", [1, 2, 3])))));
        yield return ("bound", Frame(FrameType.Bound, (ref h) => { h.WriteVarUInt32(4); h.WriteVarUInt32(2); },
            Body(w => HandshakeCodec.WriteContractAnswer(w, new ContractAnswer([true, true, false])))));
        yield return ("control", [.. Frame(FrameType.ResetRegistry, (ref _) => { }, []), .. Frame(FrameType.Draining, (ref _) => { }, [])]);
        yield return ("stream", [
            .. Frame(FrameType.StreamItems, (ref h) => StreamFrames.WriteCallId(ref h, 5), [1, 2, 3]),
            .. Frame(FrameType.StreamCredit, (ref h) => StreamFrames.WriteCredit(ref h, 5, 4096), []),
            .. Frame(FrameType.StreamEnd, (ref h) => StreamFrames.WriteCallId(ref h, 5), [])]);
    }

    /// <inheritdoc/>
    protected override void Parse(byte[] input)
    {
        ReadOnlySequence<byte> buffer = Sequences.Split(input, 7, 1, 13);
        for (int i = 0; i < MaxFrames && FrameCodec.TryRead(ref buffer, MaxFrame, out FrameType type, out ReadOnlySequence<byte> content); i++)
        {
            ParseFrame(type, content);
        }
    }

    /// <inheritdoc/>
    protected override string? Verdict(Exception error) => GlueVerdict.Of(error);

    private static void ParseFrame(FrameType type, ReadOnlySequence<byte> content)
    {
        var header = new HeaderReader(content);
        switch (type)
        {
            case FrameType.Call:
            case FrameType.TracedCall:
            case FrameType.OneWayCall:
            case FrameType.TracedOneWayCall:
                CallFrames.ReadCall(type, ref header, materializeTrace: true);
                break;
            case FrameType.Result:
                CallFrames.ReadResult(ref header);
                break;
            case FrameType.Cancel:
                header.ReadVarUInt32();
                break;
            case FrameType.Error:
                header.ReadVarUInt32();
                ControlFrames.ReadError(header.Rest, MaxFrame);
                break;
            case FrameType.Ping:
            case FrameType.Pong:
                header.ReadFixed64();
                break;
            case FrameType.Goodbye:
                ControlFrames.ReadGoodbye(content);
                break;
            case FrameType.Bind:
                header.ReadVarUInt32();
                header.ReadInt(ProtocolConstants.MaxContracts - 1, "contract id");
                HandshakeCodec.ReadContractRequest(header.Rest);
                break;
            case FrameType.Bound:
                header.ReadVarUInt32();
                header.ReadInt(ProtocolConstants.MaxContracts - 1, "contract id");
                HandshakeCodec.ReadContractAnswer(header.Rest, BoundMethods);
                break;
            case FrameType.StreamItems:
                StreamFrames.ReadCallId(ref header);
                break;
            case FrameType.StreamCredit:
                StreamFrames.ReadCredit(ref header);
                break;
            case FrameType.StreamEnd:
                StreamFrames.EnsureEnd(ref header, StreamFrames.ReadCallId(ref header));
                break;
            case FrameType.ResetRegistry:
            case FrameType.Draining:
                break;
            default:
                GlueThrow.UnexpectedFrame((byte)type, "peer");
                break;
        }
    }

    private delegate void WriteHeader(ref HeaderWriter header);

    private static byte[] Frame(FrameType type, WriteHeader header, byte[] body)
    {
        Span<byte> buffer = stackalloc byte[CallFrames.MaxTracedHeaderSize];
        var h = new HeaderWriter(buffer);
        header(ref h);
        var output = new ArrayBufferWriter<byte>();
        FrameCodec.Write(output, type, h.Written, body);
        return output.WrittenSpan.ToArray();
    }

    private static byte[] Body(Action<SlimWriter> write)
    {
        using var w = new SlimWriter();
        write(w);
        return w.ToArray();
    }
}
