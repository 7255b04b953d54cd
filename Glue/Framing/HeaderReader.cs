using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using NFX.IO;

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

    /// <summary>A strict LEB128 varint (StreamerFormats' <see cref="VarInt"/>): overlong and non-minimal encodings are refused.</summary>
    public uint ReadVarUInt32()
    {
        OperationStatus status = VarInt.TryRead(ref _reader, out uint value);
        if (status != OperationStatus.Done)
        {
            ThrowBadVarInt(status, _reader.Consumed);
        }
        return value;
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

    public void ReadBytes(scoped Span<byte> destination)
    {
        if (!_reader.TryCopyTo(destination))
        {
            ThrowTruncated();
        }
        _reader.Advance(destination.Length);
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
    private static void ThrowBadVarInt(OperationStatus status, long offset)
    {
        if (status == OperationStatus.NeedMoreData)
        {
            ThrowTruncated();
        }
        ThrowMalformed($"the varint at header offset {offset} is overlong, beyond 32 bits or not minimally encoded");
    }

    [DoesNotReturn]
    private static void ThrowTruncated() => throw new GlueProtocolException("Malformed frame: the header is truncated.");

    [DoesNotReturn]
    private static void ThrowMalformed(string what) => throw new GlueProtocolException($"Malformed frame: {what}.");
}
