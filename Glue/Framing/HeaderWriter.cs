using System.Buffers.Binary;
using NFX.IO;

namespace NFX.Glue.Framing;

/// <summary>Builds a frame header (LEB128 varints encoded by StreamerFormats' <see cref="VarInt"/>, fixed integers) in a caller-provided span, usually stackalloc'ed.</summary>
internal ref struct HeaderWriter
{
    /// <summary>Room for the largest header: four 5-byte varints, a fixed 8-byte value and slack.</summary>
    public const int MaxSize = 32;

    private readonly Span<byte> _buffer;
    private int _length;

    public HeaderWriter(Span<byte> buffer)
    {
        _buffer = buffer;
        _length = 0;
    }

    public readonly ReadOnlySpan<byte> Written => _buffer[.._length];

    public void WriteVarUInt32(uint value) => _length += VarInt.Write(_buffer[_length..], value);

    /// <summary>Returns the next <paramref name="count"/> bytes of the buffer for the caller to fill.</summary>
    public Span<byte> Reserve(int count)
    {
        Span<byte> span = _buffer.Slice(_length, count);
        _length += count;
        return span;
    }

    public void WriteFixed64(ulong value)
    {
        BinaryPrimitives.WriteUInt64LittleEndian(_buffer[_length..], value);
        _length += 8;
    }
}
