using System.Diagnostics.CodeAnalysis;

namespace NFX.Glue;

/// <summary>Throws for the per-frame paths, kept out of line so the hot methods stay small.</summary>
internal static class GlueThrow
{
    [DoesNotReturn]
    public static void Protocol(string message) => throw new GlueProtocolException(message);

    [DoesNotReturn]
    public static void UnexpectedFrame(byte type, string from) =>
        throw new GlueProtocolException($"Unexpected frame type 0x{type:X2} from the {from}.");

    [DoesNotReturn]
    public static void Serialization(string message) => throw new GlueSerializationException(message);
}
