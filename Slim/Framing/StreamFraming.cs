using System.Buffers;
using NFX.IO;

namespace NFX.Slim.Framing;

/// <summary>
/// Reads exactly one message from a stream: the header byte by byte (so nothing past the message is consumed and the
/// next message stays on the stream), then the payload into a pooled buffer that grows only as bytes arrive, so a
/// huge length prefix on a short stream cannot make the reader allocate ahead of the data.
/// </summary>
internal static class StreamFraming
{
    private const int InitialChunk = 64 * 1024;

    /// <summary>Returns a pooled buffer holding the whole message (header and payload) in its first <paramref name="length"/> bytes.</summary>
    public static byte[] ReadMessage(Stream stream, SlimLimits limits, out int length)
    {
        Span<byte> header = stackalloc byte[MessageHeader.MaxSize];
        int headerLength = 0;
        while (true)
        {
            int b = stream.ReadByte();
            if (b < 0)
            {
                throw headerLength == 0
                    ? new SlimFormatException("The stream holds no further Slim message (end of stream).", 0)
                    : new SlimFormatException($"Unexpected end of stream inside a message header after {headerLength} byte(s).", headerLength);
            }
            header[headerLength++] = (byte)b;
            if (headerLength > 4 && (b & 0x80) == 0)
            {
                break;
            }
            if (headerLength == MessageHeader.MaxSize)
            {
                throw new SlimFormatException("Malformed message header: its length is longer than 5 bytes.", 4);
            }
        }
        var headerReader = new SlimReader(header[..headerLength]);
        int payloadLength = MessageHeader.Read(headerReader, limits);
        if (payloadLength > Array.MaxLength - headerLength)
        {
            // Only reachable with limits above the largest array (SlimLimits.Trusted): header + payload must fit one buffer.
            SlimThrow.Limit(nameof(SlimLimits.MaxMessageBytes), payloadLength, Array.MaxLength - headerLength, 4);
        }
        length = headerLength + payloadLength;
        byte[] buffer = ArrayPool<byte>.Shared.Rent(Math.Min(length, headerLength + InitialChunk));
        header[..headerLength].CopyTo(buffer);
        int filled = headerLength;
        try
        {
            while (filled < length)
            {
                if (filled == buffer.Length)
                {
                    byte[] bigger = ArrayPool<byte>.Shared.Rent((int)Math.Min((long)buffer.Length * 2, length));
                    Buffer.BlockCopy(buffer, 0, bigger, 0, filled);
                    ArrayPool<byte>.Shared.Return(buffer);
                    buffer = bigger;
                }
                int read = stream.Read(buffer, filled, Math.Min(buffer.Length, length) - filled);
                if (read <= 0)
                {
                    throw new SlimFormatException(
                        $"Unexpected end of stream: the message announces {payloadLength} payload bytes, the stream ended after {filled - headerLength}.", filled);
                }
                filled += read;
            }
            return buffer;
        }
        catch
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw;
        }
    }
}
