using System.Buffers;
using System.Text;
using NFX.Glue.Telemetry;

namespace NFX.Glue.Framing;

/// <summary>
/// Says what a peer that does not speak Glue looks like, from the first bytes it sent where a handshake frame's length
/// belongs: a client pointed at an HTTP port reads "HTTP" as a length of 1,347,703,880 bytes, which says nothing.
/// </summary>
internal static class ForeignPeer
{
    private const int Shown = 40;

    /// <summary>
    /// The message for a handshake whose first bytes are not a Glue frame: what the peer looks like when the bytes
    /// are recognisable (HTTP, TLS, SSH, other text), else null (the caller keeps its own message).
    /// </summary>
    public static string? Describe(in ReadOnlySequence<byte> buffer, GlueSide side, string peer)
    {
        if (buffer.Length < 4)
        {
            return null;
        }
        Span<byte> head = stackalloc byte[(int)Math.Min(buffer.Length, Shown)];
        buffer.Slice(0, head.Length).CopyTo(head);
        string? looksLike = LooksLike(head, side);
        if (looksLike is null)
        {
            return null;
        }
        string expected = side == GlueSide.Client ? "server" : "client";
        string text = IsText(head[..4]) ? $" (it sent \"{FirstLine(head)}\")" : $" (its first bytes: {Convert.ToHexString(head[..Math.Min(head.Length, 8)])})";
        string fix = side == GlueSide.Client
            ? "Check the host and port the GlueClient connects to: they must be a GlueServer's endpoint."
            : "Only Glue clients (GlueClient) can talk to this port.";
        return $"The peer {peer} is not a Glue {expected}: it looks like {looksLike}{text}. {fix}";
    }

    private static string? LooksLike(ReadOnlySpan<byte> head, GlueSide side)
    {
        if (head.Length >= 3 && (head[0] == 0x16 || head[0] == 0x15) && head[1] == 0x03)
        {
            return side == GlueSide.Client
                ? "a TLS server (it answered with a TLS record; for a Glue server with TLS, set GlueClientOptions.Tls)"
                : "a TLS client (for TLS, set GlueServerOptions.Tls)";
        }
        if (!IsText(head[..4]))
        {
            return null;
        }
        if (head.StartsWith("HTTP/"u8))
        {
            return "an HTTP server";
        }
        if (head.StartsWith("SSH-"u8))
        {
            return "an SSH server";
        }
        return side == GlueSide.Server && IsHttpRequest(head) ? "an HTTP client" : "a text protocol";
    }

    private static bool IsHttpRequest(ReadOnlySpan<byte> head) =>
        head.StartsWith("GET "u8) || head.StartsWith("POST "u8) || head.StartsWith("PUT "u8) || head.StartsWith("HEAD "u8) ||
        head.StartsWith("DELETE "u8) || head.StartsWith("OPTIONS "u8) || head.StartsWith("PATCH "u8) || head.StartsWith("PRI * HTTP/2"u8);

    private static bool IsText(ReadOnlySpan<byte> bytes)
    {
        foreach (byte b in bytes)
        {
            if (b is not ((>= 0x20 and < 0x7F) or (byte)'\r' or (byte)'\n' or (byte)'\t'))
            {
                return false;
            }
        }
        return true;
    }

    /// <summary>The printable text up to the first line break or other control byte.</summary>
    private static string FirstLine(ReadOnlySpan<byte> head)
    {
        int end = 0;
        while (end < head.Length && head[end] is >= 0x20 and < 0x7F)
        {
            end++;
        }
        return Encoding.ASCII.GetString(head[..end]);
    }
}
