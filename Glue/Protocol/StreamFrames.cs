using NFX.Glue.Framing;

namespace NFX.Glue.Protocol;

/// <summary>
/// The one home of the stream frames' headers (docs/GLUE.md, "Streams"). A stream belongs to a call and is named by
/// the call's id; either end may send items, in the direction the contract gives (a result stream from the server, an
/// upload from the client):
/// <list type="bullet">
/// <item><c>StreamItem</c> 0x1C: callId; body: the Slim item (a message of the connection's batch registry).</item>
/// <item><c>StreamCredit</c> 0x1D: callId, credits (1..<see cref="ProtocolConstants.MaxStreamCredit"/>): the item
/// receiver lets the sender send that many more items.</item>
/// <item><c>StreamEnd</c> 0x1E: callId: the sender's stream is complete.</item>
/// </list>
/// Canceling and failing a stream use the call's own frames: <c>Cancel</c> (client to server) and <c>Error</c>.
/// </summary>
internal static class StreamFrames
{
    /// <summary>Room for the longest stream header: two 5-byte varints.</summary>
    public const int MaxHeaderSize = 2 * IO.VarInt.MaxBytes32;

    /// <summary>Writes a StreamItem or StreamEnd header: the call id.</summary>
    public static void WriteCallId(ref HeaderWriter header, int callId) => header.WriteVarUInt32((uint)callId);

    /// <summary>Writes a StreamCredit header.</summary>
    public static void WriteCredit(ref HeaderWriter header, int callId, uint credits)
    {
        header.WriteVarUInt32((uint)callId);
        header.WriteVarUInt32(credits);
    }

    /// <summary>Reads a StreamItem or StreamEnd header (what is left is the item's body).</summary>
    public static int ReadCallId(ref HeaderReader header) => (int)header.ReadVarUInt32();

    /// <summary>Reads a StreamCredit header; a grant of 0 or over <see cref="ProtocolConstants.MaxStreamCredit"/>, or trailing bytes, is malformed.</summary>
    public static (int CallId, uint Credits) ReadCredit(ref HeaderReader header)
    {
        int callId = (int)header.ReadVarUInt32();
        uint credits = header.ReadVarUInt32();
        if (credits == 0 || credits > ProtocolConstants.MaxStreamCredit)
        {
            GlueThrow.Protocol($"Malformed StreamCredit for call {callId}: {credits} credits (1..{ProtocolConstants.MaxStreamCredit}).");
        }
        if (header.Remaining != 0)
        {
            GlueThrow.Protocol($"Malformed StreamCredit for call {callId}: {header.Remaining} unexpected bytes after the header.");
        }
        return (callId, credits);
    }

    /// <summary>Checks that a StreamEnd has nothing after its call id.</summary>
    public static void EnsureEnd(ref HeaderReader header, int callId)
    {
        if (header.Remaining != 0)
        {
            GlueThrow.Protocol($"Malformed StreamEnd for call {callId}: {header.Remaining} unexpected bytes after the header.");
        }
    }
}
