using System.Buffers;
using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using NFX.Glue.Protocol;

namespace NFX.Glue.Framing;

/// <summary>
/// Frames on the wire: <c>length u32 LE</c> (bytes after it: type + header + body), <c>type u8</c>, header, body.
/// The length is checked against the limit before anything else is read or allocated.
/// </summary>
internal static class FrameCodec
{
    /// <summary>
    /// Takes one complete frame off the front of <paramref name="buffer"/>; false when more bytes are needed.
    /// A length over <paramref name="maxFrame"/> (or zero) throws <see cref="GlueProtocolException"/>.
    /// </summary>
    public static bool TryRead(ref ReadOnlySequence<byte> buffer, int maxFrame, out FrameType type, out ReadOnlySequence<byte> content)
    {
        type = default;
        content = default;
        if (buffer.Length < ProtocolConstants.LengthPrefixSize)
        {
            return false;
        }
        uint length = ReadLength(buffer);
        if (length == 0 || length > (uint)maxFrame)
        {
            ThrowBadLength(length, maxFrame);
        }
        if (buffer.Length - ProtocolConstants.LengthPrefixSize < length)
        {
            return false;
        }
        ReadOnlySequence<byte> frame = buffer.Slice(ProtocolConstants.LengthPrefixSize, length);
        type = (FrameType)frame.FirstSpan[0];
        content = frame.Slice(1);
        buffer = buffer.Slice(frame.End);
        return true;
    }

    private static uint ReadLength(in ReadOnlySequence<byte> buffer)
    {
        ReadOnlySpan<byte> first = buffer.FirstSpan;
        if (first.Length >= 4)
        {
            return BinaryPrimitives.ReadUInt32LittleEndian(first);
        }
        Span<byte> bytes = stackalloc byte[4];
        buffer.Slice(0, 4).CopyTo(bytes);
        return BinaryPrimitives.ReadUInt32LittleEndian(bytes);
    }

    /// <summary>The frame length (type + header + body) for the given parts.</summary>
    public static long FrameLength(int headerLength, long bodyLength) => 1L + headerLength + bodyLength;

    /// <summary>Writes a whole frame; the caller has checked its length against the limit.</summary>
    public static void Write(IBufferWriter<byte> output, FrameType type, ReadOnlySpan<byte> header, ReadOnlySpan<byte> body)
    {
        int length = 1 + header.Length + body.Length;
        int prefix = ProtocolConstants.LengthPrefixSize + 1 + header.Length;
        Span<byte> span = output.GetSpan(prefix);
        BinaryPrimitives.WriteUInt32LittleEndian(span, (uint)length);
        span[4] = (byte)type;
        header.CopyTo(span[5..]);
        output.Advance(prefix);
        if (!body.IsEmpty)
        {
            output.Write(body);
        }
    }

    [DoesNotReturn]
    private static void ThrowBadLength(uint length, int maxFrame) =>
        throw new GlueProtocolException(length == 0
            ? "Malformed frame: zero length."
            : $"Frame of {length} bytes is over the limit of {maxFrame} bytes; closing the connection.");
}
