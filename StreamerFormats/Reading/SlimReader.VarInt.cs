using System.Runtime.CompilerServices;

namespace NFX.IO;

public sealed partial class SlimReader
{
    /// <summary>Reads an unsigned LEB128 value of at most 5 bytes that fits 32 bits.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadVarUInt32()
    {
        if (_pos < _end)
        {
            byte first = Cursor;
            if (first < 0x80)
            {
                _pos++;
                return first;
            }
        }
        return ReadVarUInt32Multi();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private uint ReadVarUInt32Multi()
    {
        long start = Position;
        uint result = 0;
        for (int shift = 0; shift < 35; shift += 7)
        {
            Require(1, "a variable-length integer");
            byte b = Cursor;
            _pos++;
            if (shift == 28 && b > 0x0F)
            {
                ThrowHelper.ThrowOverlongVarInt("a 32-bit integer", start, VarInt.MaxBytes32);
            }
            result |= (uint)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                return result;
            }
        }
        ThrowHelper.ThrowOverlongVarInt("a 32-bit integer", start, VarInt.MaxBytes32);
        return 0;
    }

    /// <summary>Reads an unsigned LEB128 value of at most 10 bytes that fits 64 bits.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadVarUInt64()
    {
        if (_pos < _end)
        {
            byte first = Cursor;
            if (first < 0x80)
            {
                _pos++;
                return first;
            }
        }
        return ReadVarUInt64Multi();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private ulong ReadVarUInt64Multi()
    {
        long start = Position;
        ulong result = 0;
        for (int shift = 0; shift < 70; shift += 7)
        {
            Require(1, "a variable-length integer");
            byte b = Cursor;
            _pos++;
            if (shift == 63 && b > 0x01)
            {
                ThrowHelper.ThrowOverlongVarInt("a 64-bit integer", start, VarInt.MaxBytes64);
            }
            result |= (ulong)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                return result;
            }
        }
        ThrowHelper.ThrowOverlongVarInt("a 64-bit integer", start, VarInt.MaxBytes64);
        return 0;
    }

    /// <summary>Reads an unsigned LEB128 value of at most 19 bytes that fits 128 bits.</summary>
    public UInt128 ReadVarUInt128()
    {
        long start = Position;
        UInt128 result = 0;
        for (int shift = 0; shift < 133; shift += 7)
        {
            Require(1, "a variable-length integer");
            byte b = Cursor;
            _pos++;
            if (shift == 126 && b > 0x03)
            {
                ThrowHelper.ThrowOverlongVarInt("a 128-bit integer", start, VarInt.MaxBytes128);
            }
            result |= (UInt128)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                return result;
            }
        }
        ThrowHelper.ThrowOverlongVarInt("a 128-bit integer", start, VarInt.MaxBytes128);
        return 0;
    }

    /// <summary>Reads a ZigZag + LEB128 signed 32-bit value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadVarInt32() => VarInt.UnZigZag(ReadVarUInt32());

    /// <summary>Reads a ZigZag + LEB128 signed 64-bit value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ReadVarInt64() => VarInt.UnZigZag(ReadVarUInt64());

    /// <summary>Reads a ZigZag + LEB128 signed 128-bit value.</summary>
    public Int128 ReadVarInt128()
    {
        UInt128 z = ReadVarUInt128();
        return (Int128)(z >> 1) ^ -(Int128)(z & 1);
    }
}
