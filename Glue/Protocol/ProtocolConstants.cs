namespace NFX.Glue.Protocol;

/// <summary>Fixed values and hard limits of the wire protocol.</summary>
internal static class ProtocolConstants
{
    /// <summary>The first four bytes of a Hello body: ASCII "GLUE".</summary>
    public static ReadOnlySpan<byte> Magic => "GLUE"u8;

    /// <summary>The protocol version this build speaks.</summary>
    public const uint Version = 1;

    /// <summary>Bytes before a frame's type byte: the 4-byte little-endian length.</summary>
    public const int LengthPrefixSize = 4;

    /// <summary>The largest Hello / Welcome / Bind / Bound frame; checked before anything is read.</summary>
    public const int MaxHandshakeFrame = 64 * 1024;

    /// <summary>The longest authentication token.</summary>
    public const int MaxTokenBytes = 4 * 1024;

    /// <summary>The most contracts one connection may bind; contract ids are below this.</summary>
    public const int MaxContracts = 256;

    /// <summary>The most methods of one contract.</summary>
    public const int MaxMethods = 4096;

    /// <summary>The longest contract name, in UTF-8 bytes.</summary>
    public const int MaxNameBytes = 1024;

    /// <summary>The longest error text (type name, message, stack trace) sent or accepted, in UTF-8 bytes.</summary>
    public const int MaxErrorTextBytes = 64 * 1024;

    /// <summary>The longest W3C tracestate carried in a traced call frame, in UTF-8 bytes (longer ones are not sent).</summary>
    public const int MaxTraceStateBytes = 512;

    /// <summary>
    /// The most stream credits one stream may have outstanding (granted and not yet used up by items): a larger grant,
    /// or one that takes the total past it, is a protocol error. Also the largest <see cref="GlueOptions.StreamWindow"/>.
    /// </summary>
    public const int MaxStreamCredit = 65536;

    /// <summary>
    /// The longest call timeout, in milliseconds (about 49.7 days): the most a <see cref="CancellationTokenSource"/>
    /// timer accepts. A call frame with a larger <c>timeoutMs</c> is answered with an Error frame of kind
    /// <see cref="ErrorKind.InvalidCall"/>; a client sends at most this much.
    /// </summary>
    public const uint MaxTimeoutMs = uint.MaxValue - 1;

    /// <summary>Ping payloads with this bit set are heartbeats: their Pong is absorbed by the connection itself.</summary>
    public const ulong HeartbeatBit = 1UL << 63;

    /// <summary>Hello flag: the client accepts exception objects in Error frames.</summary>
    public const uint FlagExceptionObjects = 1;

    /// <summary>
    /// Hello flag: the client reads Slim messages of format version 2 (docs/FORMAT.md, "Bodies"). A server answers with
    /// <see cref="WelcomeReadsSlimFormat2"/> when it does too; each end writes version 2 only to a peer that reads it, so
    /// nodes of earlier releases (which read version 1 only, and ignore the flag) keep working.
    /// </summary>
    public const uint FlagReadsSlimFormat2 = 16;

    /// <summary>Bit of the Welcome's layouts byte, sent only to a client whose Hello has <see cref="FlagReadsSlimFormat2"/>.</summary>
    public const byte WelcomeReadsSlimFormat2 = 4;
}
