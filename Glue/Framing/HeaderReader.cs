using System.Buffers;
using System.Diagnostics.CodeAnalysis;

namespace NFX.Glue.Framing;

/// <summary>
/// Reads a frame header (strict LEB128 varints, fixed integers) from a possibly multi-segment frame without copying;
/// what is left after the header is the body. Malformed input throws <see cref="GlueProtocolException"/>.
/// </summary>
internal ref struct HeaderReader
{
    private SequenceReader<byte> _reader;

    public HeaderReader(ReadOnlySequence<byte> content) => _reader = new SequenceReader<byte>(content);

    /// <summary>The bytes after what has been read: the frame body.</summary>
    public readonly ReadOnlySequence<byte> Rest => _reader.UnreadSequence;

    public readonly long Remaining => _reader.Remaining;

    public uint ReadVarUInt32()
    {
        uint result = 0;
        for (int shift = 0; shift < 35; shift += 7)
        {
            if (!_reader.TryRead(out byte b))
            {
                ThrowTruncated();
            }
            if (shift == 28 && b > 0x0F)
            {
                ThrowMalformed("a varint overflows 32 bits");
            }
            result |= (uint)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                return result;
            }
        }
        ThrowMalformed("a varint is too long");
        return 0;
    }

    /// <summary>Reads a varint that must be at most <paramref name="max"/>.</summary>
    public int ReadInt(int max, string what)
    {
        uint value = ReadVarUInt32();
        if (value > (uint)max)
        {
            ThrowMalformed($"{what} {value} is out of range (max {max})");
        }
        return (int)value;
    }

    public byte ReadByte()
    {
        if (!_reader.TryRead(out byte b))
        {
            ThrowTruncated();
        }
        return b;
    }

    public ulong ReadFixed64()
    {
        if (!_reader.TryReadLittleEndian(out long value))
        {
            ThrowTruncated();
        }
        return (ulong)value;
    }

    [DoesNotReturn]
    private static void ThrowTruncated() => throw new GlueProtocolException("Malformed frame: the header is truncated.");

    [DoesNotReturn]
    private static void ThrowMalformed(string what) => throw new GlueProtocolException($"Malformed frame: {what}.");
}
