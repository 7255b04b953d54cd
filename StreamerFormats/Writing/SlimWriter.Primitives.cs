using System.Numerics;
using System.Runtime.CompilerServices;

namespace NFX.IO;

public sealed partial class SlimWriter
{
    /// <summary>Writes a bool as one byte, 0 or 1.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteBoolean(bool value)
    {
        Ensure(1);
        _pos = UnsafeRunWrites.Boolean(_buffer, _pos, value);
    }

    /// <summary>Writes a byte as itself.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteByte(byte value)
    {
        Ensure(1);
        _pos = UnsafeRunWrites.Byte(_buffer, _pos, value);
    }

    /// <summary>Writes an sbyte as its two's-complement byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteSByte(sbyte value) => WriteByte((byte)value);

    /// <summary>Writes a char as the LEB128 of its UTF-16 code unit (1 to 3 bytes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteChar(char value) => WriteVarUInt32(value);

    /// <summary>Writes a short as ZigZag + LEB128 (1 to 3 bytes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt16(short value) => WriteVarUInt32(VarInt.ZigZag(value));

    /// <summary>Writes a ushort as LEB128 (1 to 3 bytes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteUInt16(ushort value) => WriteVarUInt32(value);

    /// <summary>Writes an int as ZigZag + LEB128 (1 to 5 bytes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt32(int value) => WriteVarUInt32(VarInt.ZigZag(value));

    /// <summary>Writes a uint as LEB128 (1 to 5 bytes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteUInt32(uint value) => WriteVarUInt32(value);

    /// <summary>Writes a long as ZigZag + LEB128 (1 to 10 bytes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt64(long value) => WriteVarUInt64(VarInt.ZigZag(value));

    /// <summary>Writes a ulong as LEB128 (1 to 10 bytes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteUInt64(ulong value) => WriteVarUInt64(value);

    /// <summary>Writes an Int128 as ZigZag + LEB128 (1 to 19 bytes).</summary>
    public void WriteInt128(Int128 value) => WriteVarInt128(value);

    /// <summary>Writes a UInt128 as LEB128 (1 to 19 bytes).</summary>
    public void WriteUInt128(UInt128 value) => WriteVarUInt128(value);

    /// <summary>Writes a Half as its 2 IEEE 754 bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteHalf(Half value) => WriteFixed16(BitConverter.HalfToUInt16Bits(value));

    /// <summary>Writes a float as its 4 IEEE 754 bytes, little-endian (NaN payloads and -0.0 kept).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteSingle(float value) => WriteFixed32(BitConverter.SingleToUInt32Bits(value));

    /// <summary>Writes a double as its 8 IEEE 754 bytes, little-endian (NaN payloads and -0.0 kept).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDouble(double value) => WriteFixed64(BitConverter.DoubleToUInt64Bits(value));

    /// <summary>Writes 2 bytes little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteFixed16(ushort value)
    {
        Ensure(2);
        _pos = UnsafeRunWrites.Fixed16(_buffer, _pos, value);
    }

    /// <summary>Writes 4 bytes little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteFixed32(uint value)
    {
        Ensure(4);
        _pos = UnsafeRunWrites.Fixed32(_buffer, _pos, value);
    }

    /// <summary>Writes 8 bytes little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteFixed64(ulong value)
    {
        Ensure(8);
        _pos = UnsafeRunWrites.Fixed64(_buffer, _pos, value);
    }

    /// <summary>
    /// Writes a decimal as the LEB128 of its 96-bit magnitude followed by one byte: sign in bit 7, scale (0..28) in bits 0..4.
    /// 123.23m takes 3 bytes.
    /// </summary>
    public void WriteDecimal(decimal value)
    {
        Ensure(VarInt.MaxBytes128 + 1);
        _pos = UnsafeRunWrites.Decimal(_buffer, _pos, value);
    }

    /// <summary>Writes a BigInteger as a LEB128 byte count followed by its two's-complement bytes, little-endian.</summary>
    public void WriteBigInteger(BigInteger value)
    {
        int count = value.GetByteCount();
        WriteVarUInt32((uint)count);
        Ensure(count);
        value.TryWriteBytes(new Span<byte>(_buffer, _pos, count), out int written);
        _pos += written;
    }

    /// <summary>Writes a Guid as its 16 bytes in <see cref="Guid.TryWriteBytes(Span{byte})"/> order.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteGuid(Guid value)
    {
        Ensure(16);
        _pos = UnsafeRunWrites.Guid(_buffer, _pos, value);
    }

    /// <summary>
    /// Writes a DateTime as 8 bytes little-endian: ticks in bits 0..61, <see cref="DateTimeKind"/> in bits 62..63.
    /// The Kind is kept; a Local value is not converted.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDateTime(DateTime value) => WriteFixed64((ulong)value.Ticks | ((ulong)value.Kind << 62));

    /// <summary>Writes a DateTimeOffset as 8 bytes of local clock ticks, then the offset in minutes (ZigZag + LEB128).</summary>
    public void WriteDateTimeOffset(DateTimeOffset value)
    {
        Ensure(8 + VarInt.MaxBytes32);
        _pos = UnsafeRunWrites.DateTimeOffset(_buffer, _pos, value);
    }

    /// <summary>Writes a TimeSpan as its ticks, ZigZag + LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteTimeSpan(TimeSpan value) => WriteVarInt64(value.Ticks);

    /// <summary>Writes a DateOnly as the LEB128 of its day number (days since 0001-01-01).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDateOnly(DateOnly value) => WriteVarUInt32((uint)value.DayNumber);

    /// <summary>Writes a TimeOnly as the LEB128 of its ticks since midnight.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteTimeOnly(TimeOnly value) => WriteVarUInt64((ulong)value.Ticks);
}
