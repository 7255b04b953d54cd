using System.Diagnostics;
using System.Text;
using NFX.Glue.Framing;

namespace NFX.Glue.Protocol;

/// <summary>
/// The W3C trace context in a traced call frame (written and read by <see cref="CallFrames"/> only), after the Call / OneWayCall header: <c>traceId</c> 16 bytes,
/// <c>spanId</c> 8 bytes (the caller's span: the server span's parent), <c>traceFlags u8</c>, <c>traceState string</c>.
/// </summary>
internal static class TraceContextCodec
{
    /// <summary>Fixed part (ids and flags) plus the largest tracestate with its length prefix.</summary>
    public const int MaxSize = 16 + 8 + 1 + 5 + ProtocolConstants.MaxTraceStateBytes;

    public static void Write(ref HeaderWriter header, in ActivityContext context)
    {
        Span<byte> ids = header.Reserve(25);
        context.TraceId.CopyTo(ids[..16]);
        context.SpanId.CopyTo(ids.Slice(16, 8));
        ids[24] = (byte)context.TraceFlags;
        string? state = context.TraceState;
        int count = state is null ? -1 : Encoding.UTF8.GetByteCount(state);
        if (count < 0 || count > ProtocolConstants.MaxTraceStateBytes)
        {
            header.WriteVarUInt32(0);
            return;
        }
        header.WriteVarUInt32((uint)count + 1);
        Encoding.UTF8.GetBytes(state, header.Reserve(count));
    }

    /// <summary>Reads (and checks) the trace context; returns default when <paramref name="materialize"/> is false (nobody listens).</summary>
    public static ActivityContext Read(ref HeaderReader header, bool materialize)
    {
        Span<byte> ids = stackalloc byte[25];
        header.ReadBytes(ids);
        uint stateLength = header.ReadVarUInt32();
        if (stateLength > ProtocolConstants.MaxTraceStateBytes + 1)
        {
            GlueThrow.Protocol($"The trace state is over {ProtocolConstants.MaxTraceStateBytes} bytes.");
        }
        string? state = null;
        if (stateLength > 1)
        {
            Span<byte> bytes = stackalloc byte[(int)stateLength - 1];
            header.ReadBytes(bytes);
            state = materialize ? Encoding.UTF8.GetString(bytes) : null;
        }
        if (!materialize || !IsValid(ids))
        {
            return default;
        }
        return new ActivityContext(ActivityTraceId.CreateFromBytes(ids[..16]), ActivitySpanId.CreateFromBytes(ids.Slice(16, 8)),
            (ActivityTraceFlags)(ids[24] & 1), state, isRemote: true);
    }

    private static bool IsValid(ReadOnlySpan<byte> ids) =>
        ids[..16].ContainsAnyExcept((byte)0) && ids.Slice(16, 8).ContainsAnyExcept((byte)0);
}
