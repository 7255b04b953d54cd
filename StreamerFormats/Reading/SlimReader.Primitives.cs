using System.Numerics;
using System.Runtime.CompilerServices;

namespace NFX.IO;

public sealed partial class SlimReader
{
    /// <summary>Reads a bool; any byte other than 0 or 1 is malformed.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool ReadBoolean()
    {
        Require(1, "Boolean");
        byte b = Cursor;
        if (b > 1)
        {
            ThrowBadBoolean(b);
        }
        _pos++;
        return b != 0;
    }

    // Out of line: the message formatting would otherwise be inlined into every generated reader of a bool field.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowBadBoolean(byte b) => ThrowHelper.ThrowFormat($"Boolean byte must be 0 or 1, found 0x{b:X2}", Position);

    /// <summary>Reads one byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public byte ReadByte()
    {
        Require(1, "Byte");
        byte b = Cursor;
        _pos++;
        return b;
    }

    /// <summary>Reads one byte as an sbyte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public sbyte ReadSByte() => (sbyte)ReadByte();

    /// <summary>Reads a char (LEB128 of a UTF-16 code unit).</summary>
    public char ReadChar()
    {
        long start = Position;
        uint v = ReadVarUInt32();
        if (v > char.MaxValue)
        {
            ThrowHelper.ThrowOutOfRange("Char", start, v.ToString());
        }
        return (char)v;
    }

    /// <summary>Reads a short (ZigZag + LEB128).</summary>
    public short ReadInt16()
    {
        long start = Position;
        int v = VarInt.UnZigZag(ReadVarUInt32());
        if (v is < short.MinValue or > short.MaxValue)
        {
            ThrowHelper.ThrowOutOfRange("Int16", start, v.ToString());
        }
        return (short)v;
    }

    /// <summary>Reads a ushort (LEB128).</summary>
    public ushort ReadUInt16()
    {
        long start = Position;
        uint v = ReadVarUInt32();
        if (v > ushort.MaxValue)
        {
            ThrowHelper.ThrowOutOfRange("UInt16", start, v.ToString());
        }
        return (ushort)v;
    }

    /// <summary>Reads an int (ZigZag + LEB128).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadInt32() => VarInt.UnZigZag(ReadVarUInt32());

    /// <summary>Reads a uint (LEB128).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadUInt32() => ReadVarUInt32();

    /// <summary>Reads a long (ZigZag + LEB128).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadInt64() => VarInt.UnZigZag(ReadVarUInt64());

    /// <summary>Reads a ulong (LEB128).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadUInt64() => ReadVarUInt64();

    /// <summary>Reads an Int128 (ZigZag + LEB128).</summary>
    public Int128 ReadInt128() => ReadVarInt128();

    /// <summary>Reads a UInt128 (LEB128).</summary>
    public UInt128 ReadUInt128() => ReadVarUInt128();

    /// <summary>Reads a Half (2 bytes little-endian).</summary>
    public Half ReadHalf() => BitConverter.UInt16BitsToHalf(ReadFixed16());

    /// <summary>Reads a float (4 bytes little-endian).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public float ReadSingle() => BitConverter.UInt32BitsToSingle(ReadFixed32());

    /// <summary>Reads a double (8 bytes little-endian).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public double ReadDouble() => BitConverter.UInt64BitsToDouble(ReadFixed64());

    /// <summary>Reads 2 bytes little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ushort ReadFixed16()
    {
        Require(2, "2 fixed bytes");
        return UnsafeRunReads.Fixed16(_buffer, ref _pos);
    }

    /// <summary>Reads 4 bytes little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadFixed32()
    {
        Require(4, "4 fixed bytes");
        return UnsafeRunReads.Fixed32(_buffer, ref _pos);
    }

    /// <summary>Reads 8 bytes little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadFixed64()
    {
        Require(8, "8 fixed bytes");
        return UnsafeRunReads.Fixed64(_buffer, ref _pos);
    }

    /// <summary>Reads a decimal: LEB128 96-bit magnitude, then sign (bit 7) and scale (bits 0..4, at most 28).</summary>
    public decimal ReadDecimal()
    {
        // Most magnitudes fit 64 bits (the varint's 10 most bytes and the flags byte buffered): one decode and the
        // scale check, no 128-bit arithmetic; anything else, malformed input included, takes the checked way below.
        if (_end - _pos > VarInt.MaxBytes64)
        {
            ref byte src = ref Cursor;
            int n = VarInt.Read64(ref src, out ulong magnitude);
            byte sign = Unsafe.Add(ref src, (nint)(uint)n);
            if (n != 0 && (sign & 0x7F) <= 28)
            {
                _pos += n + 1;
                return new decimal((int)(uint)magnitude, (int)(uint)(magnitude >> 32), 0, sign >= 0x80, (byte)(sign & 0x7F));
            }
        }
        return ReadDecimalChecked();
    }

    private decimal ReadDecimalChecked()
    {
        long start = Position;
        UInt128 magnitude = ReadVarUInt128();
        if (magnitude >> 96 != 0)
        {
            ThrowHelper.ThrowOutOfRange("Decimal magnitude (96 bits)", start, magnitude.ToString());
        }
        byte flags = ReadByte();
        int scale = flags & 0x7F;
        if (scale > 28)
        {
            ThrowHelper.ThrowFormat($"Decimal scale byte 0x{flags:X2} is invalid: scale must be 0..28", Position - 1);
        }
        ulong low64 = (ulong)magnitude;
        return new decimal((int)(uint)low64, (int)(uint)(low64 >> 32), (int)(uint)(ulong)(magnitude >> 64), (flags & 0x80) != 0, (byte)scale);
    }

    /// <summary>Reads a BigInteger: LEB128 byte count, then two's-complement bytes little-endian.</summary>
    public BigInteger ReadBigInteger()
    {
        int count = ReadLength("BigInteger", 1);
        Require(count, "BigInteger bytes");
        var value = new BigInteger(new ReadOnlySpan<byte>(_buffer, _pos, count));
        _pos += count;
        return value;
    }

    /// <summary>Reads a Guid (16 bytes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Guid ReadGuid()
    {
        Require(16, "Guid");
        var value = new Guid(new ReadOnlySpan<byte>(_buffer, _pos, 16));
        _pos += 16;
        return value;
    }

    /// <summary>Reads a DateTime (8 bytes: ticks in bits 0..61, Kind in 62..63); rejects ticks past MaxValue and Kind 3.</summary>
    public DateTime ReadDateTime()
    {
        long start = Position;
        ulong raw = ReadFixed64();
        if (!UnsafeRunReads.TryDateTime(raw, out DateTime value))
        {
            ThrowBadDateTime(raw, start);
        }
        return value;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowBadDateTime(ulong raw, long start)
    {
        ulong ticks = raw & UnsafeRunReads.DateTimeTicksMask;
        if (ticks > (ulong)DateTime.MaxValue.Ticks)
        {
            ThrowHelper.ThrowOutOfRange("DateTime ticks", start, ticks.ToString());
        }
        ThrowHelper.ThrowFormat("DateTime Kind 3 is not a DateTimeKind", start);
    }

    /// <summary>Reads a DateTimeOffset (8 bytes of clock ticks, then the offset in minutes, at most +/-14 hours).</summary>
    public DateTimeOffset ReadDateTimeOffset()
    {
        long start = Position;
        ulong ticks = ReadFixed64();
        int minutes = ReadVarInt32();
        if (ticks > (ulong)DateTime.MaxValue.Ticks)
        {
            ThrowHelper.ThrowOutOfRange("DateTimeOffset ticks", start, ticks.ToString());
        }
        if (minutes is < -14 * 60 or > 14 * 60)
        {
            ThrowHelper.ThrowOutOfRange("DateTimeOffset offset minutes", start, minutes.ToString());
        }
        long utcTicks = (long)ticks - minutes * TimeSpan.TicksPerMinute;
        if (utcTicks < 0 || utcTicks > DateTime.MaxValue.Ticks)
        {
            ThrowHelper.ThrowOutOfRange("DateTimeOffset (UTC time out of range)", start, utcTicks.ToString());
        }
        return new DateTimeOffset((long)ticks, TimeSpan.FromMinutes(minutes));
    }

    /// <summary>Reads a TimeSpan (ZigZag + LEB128 ticks).</summary>
    public TimeSpan ReadTimeSpan() => new(ReadVarInt64());

    /// <summary>Reads a DateOnly (LEB128 day number); rejects days past DateOnly.MaxValue.</summary>
    public DateOnly ReadDateOnly()
    {
        long start = Position;
        uint day = ReadVarUInt32();
        if (day > (uint)DateOnly.MaxValue.DayNumber)
        {
            ThrowHelper.ThrowOutOfRange("DateOnly day number", start, day.ToString());
        }
        return DateOnly.FromDayNumber((int)day);
    }

    /// <summary>Reads a TimeOnly (LEB128 ticks since midnight); rejects a day or more.</summary>
    public TimeOnly ReadTimeOnly()
    {
        long start = Position;
        ulong ticks = ReadVarUInt64();
        if (ticks >= TimeSpan.TicksPerDay)
        {
            ThrowHelper.ThrowOutOfRange("TimeOnly ticks", start, ticks.ToString());
        }
        return new TimeOnly((long)ticks);
    }
}
