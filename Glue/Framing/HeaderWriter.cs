using System.Buffers.Binary;

namespace NFX.Glue.Framing;

/// <summary>Builds a frame header (LEB128 varints, fixed integers) in a caller-provided span, usually stackalloc'ed.</summary>
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

    public void WriteVarUInt32(uint value)
    {
        while (value >= 0x80)
        {
            _buffer[_length++] = (byte)(value | 0x80);
            value >>= 7;
        }
        _buffer[_length++] = (byte)value;
    }

    public void WriteByte(byte value) => _buffer[_length++] = value;

    public void WriteFixed64(ulong value)
    {
        BinaryPrimitives.WriteUInt64LittleEndian(_buffer[_length..], value);
        _length += 8;
    }
}
