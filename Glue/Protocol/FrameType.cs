namespace NFX.Glue.Protocol;

/// <summary>
/// The frame type byte, the first byte after a frame's 4-byte little-endian length. Headers are LEB128 varints
/// (<c>u32</c>) unless marked; strings are LEB128(byteCount + 1) then UTF-8 (0 = null). docs/GLUE.md has the full map.
/// </summary>
internal enum FrameType : byte
{
    /// <summary>0x01 client to server, first frame: magic "GLUE", version, flags, token, contracts.</summary>
    Hello = 0x01,

    /// <summary>0x02 server to client: version, max message size, max in flight, contract table.</summary>
    Welcome = 0x02,

    /// <summary>0x03 server to client: code u32, message string; then the server closes.</summary>
    Refused = 0x03,

    /// <summary>0x10 callId, contractId, methodId, timeoutMs (0 = none); body: the Slim argument pack (empty without parameters).</summary>
    Call = 0x10,

    /// <summary>0x11 contractId, methodId; body: the Slim argument pack. Never answered.</summary>
    OneWayCall = 0x11,

    /// <summary>0x12 callId; body: the Slim result (empty for Task/ValueTask).</summary>
    Result = 0x12,

    /// <summary>0x13 callId, kind u8, type string, message string, stack string, exception bytes (byte array, 0 = none).</summary>
    Error = 0x13,

    /// <summary>0x14 callId: the caller gave up; the server cancels the call's token.</summary>
    Cancel = 0x14,

    /// <summary>0x15 u64 fixed little-endian payload; answered by <see cref="Pong"/> with the same payload.</summary>
    Ping = 0x15,

    /// <summary>0x16 u64 fixed little-endian payload echoed from <see cref="Ping"/>.</summary>
    Pong = 0x16,

    /// <summary>0x17 reason u8, message string: the sender is closing the connection.</summary>
    Goodbye = 0x17,

    /// <summary>0x18 client to server: callId, contractId, one contract entry (as in Hello).</summary>
    Bind = 0x18,

    /// <summary>0x19 server to client: callId, contractId, one contract result (as in Welcome); the server's send registry restarts after it.</summary>
    Bound = 0x19,

    /// <summary>0x1A empty: the sender reset its Slim batch registry; the receiver resets its own before the next frame.</summary>
    ResetRegistry = 0x1A,

    /// <summary>0x1B server to client, empty: the server is stopping; it finishes the calls it has and refuses new ones.</summary>
    Draining = 0x1B,

    /// <summary>0x1C callId; body: one Slim item of the call's stream (server to client: the result stream; client to server: the upload). Needs a credit.</summary>
    StreamItems = 0x1C,

    /// <summary>0x1D callId, credits (1..65536): the receiver of a stream lets its sender send that many more items.</summary>
    StreamCredit = 0x1D,

    /// <summary>0x1E callId: the sender's stream is complete (server: the call succeeded; client: the upload is complete).</summary>
    StreamEnd = 0x1E,

    /// <summary>0x50 = <see cref="Call"/> with the caller's W3C trace context after the Call header (docs/GLUE.md).</summary>
    TracedCall = 0x50,

    /// <summary>0x51 = <see cref="OneWayCall"/> with the caller's W3C trace context after the OneWayCall header.</summary>
    TracedOneWayCall = 0x51,
}
