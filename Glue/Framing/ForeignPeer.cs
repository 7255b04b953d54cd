using System.Buffers;
using System.Text;
using NFX.Glue.Telemetry;

namespace NFX.Glue.Framing;

/// <summary>
/// Says what a peer that does not speak Glue looks like, from the bytes it sent where a frame's length belongs: a client
/// pointed at an HTTP port reads "HTTP" as a length of 1,347,703,880 bytes, which says nothing. At the handshake that
/// is the wrong endpoint; after it, something else took over the link (a proxy or load balancer in between).
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
        if (Recognise(buffer, side, out string looksLike, out bool text, out string shown) is not string expected)
        {
            return null;
        }
        string sent = text ? $"it sent \"{shown}\"" : $"its first bytes: {shown}";
        return $"The peer {peer} is not a Glue {expected}: it looks like {looksLike} ({sent}). {Fix(side)}";
    }

    /// <summary>
    /// The message for bytes that are not a Glue frame where one should start after the handshake (text, a TLS record),
    /// else null (the caller keeps its own message).
    /// </summary>
    public static string? DescribeAfterHandshake(in ReadOnlySequence<byte> buffer, GlueSide side, string peer)
    {
        if (Recognise(buffer, side, out string looksLike, out bool text, out string shown) is not string expected)
        {
            return null;
        }
        string sent = text ? $"it sent ASCII text \"{shown}\"" : $"it sent the bytes {shown}";
        return $"The peer {peer} stopped speaking Glue after the handshake: where a frame should start, {sent}, which looks like " +
            $"{looksLike}, not a Glue {expected}. Something else answers on this connection (a proxy or load balancer in between, " +
            $"or another program behind the port). {Fix(side)}";
    }

    /// <summary>
    /// The Glue side that was expected, what the bytes look like instead and what to show of them (their first line of
    /// text, or their first bytes in hex); null when they are not recognisable.
    /// </summary>
    private static string? Recognise(in ReadOnlySequence<byte> buffer, GlueSide side, out string looksLike, out bool text, out string shown)
    {
        looksLike = shown = string.Empty;
        text = false;
        if (buffer.Length < 4)
        {
            return null;
        }
        Span<byte> head = stackalloc byte[(int)Math.Min(buffer.Length, Shown)];
        buffer.Slice(0, head.Length).CopyTo(head);
        if (LooksLike(head, side) is not string what)
        {
            return null;
        }
        looksLike = what;
        text = IsText(head[..4]);
        shown = text ? FirstLine(head) : Convert.ToHexString(head[..Math.Min(head.Length, 8)]);
        return side == GlueSide.Client ? "server" : "client";
    }

    private static string Fix(GlueSide side) => side == GlueSide.Client
        ? "Check the host and port the GlueClient connects to: they must be a GlueServer's endpoint."
        : "Only Glue clients (GlueClient) can talk to this port.";

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
