using System.Buffers;
using NFX.IO;
using NFX.Slim;

namespace NFX.Glue.Protocol;

/// <summary>Bodies of the Error and Goodbye frames, written and parsed with the plain wire primitives.</summary>
internal static class ControlCodec
{
    public static void WriteError(SlimWriter w, int callId, ErrorMessage e)
    {
        w.WriteVarUInt32((uint)callId);
        w.WriteByte((byte)e.Kind);
        w.WriteString(Clip(e.TypeName));
        w.WriteString(Clip(e.Message));
        w.WriteString(Clip(e.StackTrace));
        w.WriteByteArray(e.ExceptionBytes);
    }

    /// <summary>Parses an Error body (after the callId) whose exception bytes may be at most <paramref name="maxBytes"/>.</summary>
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

    /// <summary>Keeps error text under the limit the receiver enforces (counting 3 UTF-8 bytes per char, at worst).</summary>
    private static string? Clip(string? text)
    {
        const int MaxChars = ProtocolConstants.MaxErrorTextBytes / 3;
        return text is { Length: > MaxChars } ? text[..MaxChars] : text;
    }
}
