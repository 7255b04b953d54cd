using System.Diagnostics;
using NFX.Glue.Framing;

namespace NFX.Glue.Protocol;

/// <summary>
/// The one home of the call frames' headers, written by the caller's end and read by the other (docs/GLUE.md, "Calls"):
/// <list type="bullet">
/// <item><c>Call</c> 0x10 / <c>TracedCall</c> 0x50: callId, contractId, methodId, timeoutMs (0 = none) as LEB128 u32,
/// then for the traced type the W3C trace context (<see cref="TraceContextCodec"/>); body: the Slim argument pack.</item>
/// <item><c>OneWayCall</c> 0x11 / <c>TracedOneWayCall</c> 0x51: contractId, methodId, then the trace context when
/// traced; body: the argument pack. Never answered.</item>
/// <item><c>Result</c> 0x12: callId; body: the Slim result (empty for Task/ValueTask).</item>
/// </list>
/// The trace context is optional, not a second frame writer: the frame type says whether it follows.
/// </summary>
internal static class CallFrames
{
    /// <summary>Room for the longest untraced call header: four 5-byte varints.</summary>
    public const int MaxUntracedHeaderSize = 4 * IO.VarInt.MaxBytes32;

    /// <summary>Room for the longest traced call header.</summary>
    public const int MaxTracedHeaderSize = MaxUntracedHeaderSize + TraceContextCodec.MaxSize;

    /// <summary>True for the frame types that carry a trace context after their header.</summary>
    public static bool IsTraced(FrameType type) => type is FrameType.TracedCall or FrameType.TracedOneWayCall;

    /// <summary>Writes a Call header; the trace context follows when the frame type is <see cref="FrameType.TracedCall"/>.</summary>
    public static void WriteCall(ref HeaderWriter header, FrameType type, int callId, int contractId, int methodId, uint timeoutMs,
        in ActivityContext trace)
    {
        header.WriteVarUInt32((uint)callId);
        header.WriteVarUInt32((uint)contractId);
        header.WriteVarUInt32((uint)methodId);
        header.WriteVarUInt32(timeoutMs);
        if (type == FrameType.TracedCall)
        {
            TraceContextCodec.Write(ref header, in trace);
        }
    }

    /// <summary>Writes a OneWayCall header; the trace context follows when the type is <see cref="FrameType.TracedOneWayCall"/>.</summary>
    public static void WriteOneWay(ref HeaderWriter header, FrameType type, int contractId, int methodId, in ActivityContext trace)
    {
        header.WriteVarUInt32((uint)contractId);
        header.WriteVarUInt32((uint)methodId);
        if (type == FrameType.TracedOneWayCall)
        {
            TraceContextCodec.Write(ref header, in trace);
        }
    }

    public static void WriteResult(ref HeaderWriter header, int callId) => header.WriteVarUInt32((uint)callId);

    /// <summary>
    /// Reads a Call or OneWayCall header (per <paramref name="type"/>); the trace context is checked always and
    /// materialized only when <paramref name="materializeTrace"/> (someone listens). The contract id is range-checked;
    /// the method id is checked by the caller against what is bound.
    /// </summary>
    public static CallHeader ReadCall(FrameType type, ref HeaderReader header, bool materializeTrace)
    {
        bool twoWay = type is FrameType.Call or FrameType.TracedCall;
        int callId = twoWay ? (int)header.ReadVarUInt32() : 0;
        int contractId = header.ReadInt(ProtocolConstants.MaxContracts - 1, "contract id");
        int methodId = (int)header.ReadVarUInt32();
        uint timeoutMs = twoWay ? header.ReadVarUInt32() : 0;
        ActivityContext trace = IsTraced(type) ? TraceContextCodec.Read(ref header, materializeTrace) : default;
        return new CallHeader(callId, contractId, methodId, timeoutMs, trace);
    }

    /// <summary>Reads a Result header: the call id.</summary>
    public static int ReadResult(ref HeaderReader header) => (int)header.ReadVarUInt32();
}

/// <summary>A decoded Call / OneWayCall header (callId and timeout are 0 for a one-way call).</summary>
internal readonly record struct CallHeader(int CallId, int ContractId, int MethodId, uint TimeoutMs, ActivityContext Trace);
