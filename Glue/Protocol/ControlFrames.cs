using System.Buffers;
using NFX.Glue.Framing;
using NFX.IO;
using NFX.Slim;

namespace NFX.Glue.Protocol;

/// <summary>
/// The one home of the control frames, written by one end and read by the other (docs/GLUE.md, "Frames"):
/// <list type="bullet">
/// <item><c>Cancel</c> 0x14: callId (LEB128 u32): the caller gave up on the call.</item>
/// <item><c>Ping</c> 0x15 / <c>Pong</c> 0x16: a fixed 64-bit little-endian payload, echoed; with
/// <see cref="ProtocolConstants.HeartbeatBit"/> set it is a heartbeat.</item>
/// <item><c>Bind</c> 0x18 / <c>Bound</c> 0x19: callId, contractId; body: one contract entry / answer, as in the handshake
/// (<see cref="HandshakeCodec"/>).</item>
/// <item><c>Error</c> 0x13: no header; body: callId, kind, type, message, stack trace, exception bytes.</item>
/// <item><c>Goodbye</c> 0x17: no header; body: reason, message.</item>
/// </list>
/// Bodies are written and parsed with the plain wire primitives, never the object serializer.
/// </summary>
internal static class ControlFrames
{
    /// <summary>Room for the longest control header: two 5-byte varints (Bind, Bound); a Ping's 8 bytes fit too.</summary>
    public const int MaxHeaderSize = 2 * VarInt.MaxBytes32;

    public static void WriteCancel(ref HeaderWriter header, int callId) => header.WriteVarUInt32((uint)callId);

    public static int ReadCancel(ref HeaderReader header) => (int)header.ReadVarUInt32();

    /// <summary>Writes a Ping or Pong header: the payload.</summary>
    public static void WritePing(ref HeaderWriter header, ulong payload) => header.WriteFixed64(payload);

    /// <summary>Reads a Ping or Pong header: the payload.</summary>
    public static ulong ReadPing(ref HeaderReader header) => header.ReadFixed64();

    /// <summary>True for the payload of a heartbeat Ping (and its Pong), which the connection answers and absorbs itself.</summary>
    public static bool IsHeartbeat(ulong payload) => (payload & ProtocolConstants.HeartbeatBit) != 0;

    public static void WriteBind(ref HeaderWriter header, SlimWriter body, int callId, int contractId, ContractRequest request)
    {
        WriteBinding(ref header, callId, contractId);
        HandshakeCodec.WriteContractRequest(body, request);
    }

    /// <summary>Reads a whole Bind frame; the contract id is range-checked.</summary>
    public static (int CallId, int ContractId, ContractRequest Request) ReadBind(ref HeaderReader header)
    {
        (int callId, int contractId) = ReadBinding(ref header);
        return (callId, contractId, HandshakeCodec.ReadContractRequest(header.Rest));
    }

    public static void WriteBound(ref HeaderWriter header, SlimWriter body, int callId, int contractId, ContractAnswer answer)
    {
        WriteBinding(ref header, callId, contractId);
        HandshakeCodec.WriteContractAnswer(body, answer);
    }

    /// <summary>Reads a Bound header; the answer follows (<see cref="ReadBoundAnswer"/>) once the contract's method count is known.</summary>
    public static (int CallId, int ContractId) ReadBoundHeader(ref HeaderReader header) => ReadBinding(ref header);

    public static ContractAnswer ReadBoundAnswer(in HeaderReader header, int methodCount) =>
        HandshakeCodec.ReadContractAnswer(header.Rest, methodCount);

    public static void WriteError(SlimWriter w, int callId, ErrorMessage e)
    {
        w.WriteVarUInt32((uint)callId);
        w.WriteByte((byte)e.Kind);
        w.WriteString(Clip(e.TypeName));
        w.WriteString(Clip(e.Message));
        w.WriteString(Clip(e.StackTrace));
        w.WriteByteArray(e.ExceptionBytes);
    }

    /// <summary>Reads a whole Error frame whose exception bytes may be at most <paramref name="maxBytes"/>.</summary>
    public static (int CallId, ErrorMessage Error) ReadError(ref HeaderReader header, int maxBytes)
    {
        int callId = (int)header.ReadVarUInt32();
        return (callId, ReadError(header.Rest, maxBytes));
    }

    /// <summary>Parses an Error body after the callId; its exception bytes may be at most <paramref name="maxBytes"/>.</summary>
    public static ErrorMessage ReadError(in ReadOnlySequence<byte> rest, int maxBytes)
    {
        using var r = new SlimReader(rest);
        try
        {
            var kind = (ErrorKind)r.ReadByte();
            r.MaxLength = ProtocolConstants.MaxErrorTextBytes;
            string type = r.ReadString() ?? "?";
            string message = r.ReadString() ?? string.Empty;
            string? stack = r.ReadString();
            r.MaxLength = maxBytes;
            byte[]? bytes = r.ReadByteArray();
            return new ErrorMessage(kind, type, message, stack, bytes);
        }
        catch (SlimException e)
        {
            throw new GlueProtocolException($"Malformed Error frame: {e.Message}", e);
        }
    }

    public static void WriteGoodbye(SlimWriter w, GoodbyeReason reason, string message)
    {
        w.WriteByte((byte)reason);
        w.WriteString(Clip(message));
    }

    public static (GoodbyeReason Reason, string Message) ReadGoodbye(in ReadOnlySequence<byte> content)
    {
        using var r = new SlimReader(content);
        try
        {
            var reason = (GoodbyeReason)r.ReadByte();
            r.MaxLength = ProtocolConstants.MaxErrorTextBytes;
            return (reason, r.ReadString() ?? string.Empty);
        }
        catch (SlimException e)
        {
            throw new GlueProtocolException($"Malformed Goodbye frame: {e.Message}", e);
        }
    }

    private static void WriteBinding(ref HeaderWriter header, int callId, int contractId)
    {
        header.WriteVarUInt32((uint)callId);
        header.WriteVarUInt32((uint)contractId);
    }

    private static (int CallId, int ContractId) ReadBinding(ref HeaderReader header)
    {
        int callId = (int)header.ReadVarUInt32();
        return (callId, header.ReadInt(ProtocolConstants.MaxContracts - 1, "contract id"));
    }

    /// <summary>Keeps error text under the limit the receiver enforces (counting 3 UTF-8 bytes per char, at worst).</summary>
    private static string? Clip(string? text)
    {
        const int MaxChars = ProtocolConstants.MaxErrorTextBytes / 3;
        return text is { Length: > MaxChars } ? text[..MaxChars] : text;
    }
}
