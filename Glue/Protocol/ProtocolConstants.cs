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

    /// <summary>Hello flag: the client accepts exception objects in Error frames.</summary>
    public const uint FlagExceptionObjects = 1;
}
