using System.Runtime.CompilerServices;

namespace NFX.IO;

public sealed partial class SlimReader
{
    /// <summary>
    /// Reads an unsigned LEB128 value that fits 32 bits: at most 5 bytes, minimal (no trailing zero group).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint ReadVarUInt32() => TryReadShortVarInt(out uint value) ? value : ReadVarUInt32Multi();

    /// <summary>
    /// A one- or two-byte varint (0..16383), decoded inline; false, reading nothing, for anything else (a zero second
    /// byte, not minimal, included), which the caller's checked way then reads or reports.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadShortVarInt(out uint value)
    {
        int available = _end - _pos;
        if (available > 0)
        {
            int n = VarInt.ReadShort(ref Cursor, available, out value);
            if (n != 0)
            {
                _pos += n;
                return true;
            }
        }
        value = 0;
        return false;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private uint ReadVarUInt32Multi()
    {
        if (_end - _pos >= sizeof(ulong))
        {
            int n = VarInt.Read32Multi8(ref Cursor, out uint value);
            if (n != 0)
            {
                _pos += n;
                return value;
            }
        }
        // Out of line: its decoder takes its value's address, which kept this method's in memory on the way above.
        return ReadVarUInt32Near();
    }

    /// <summary>A varint of 3 to 5 bytes with fewer than 8 bytes left, or a malformed one (reported).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private uint ReadVarUInt32Near()
    {
        if (_end - _pos >= VarInt.MaxBytes32)
        {
            int n = VarInt.Read32Multi(ref Cursor, out uint value);
            if (n != 0)
            {
                _pos += n;
                return value;
            }
        }
        return (uint)ReadVarUIntSlow(VarInt.MaxBytes32, 32, "a 32-bit integer");
    }

    /// <summary>Reads an unsigned LEB128 value that fits 64 bits: at most 10 bytes, minimal.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong ReadVarUInt64() => TryReadShortVarInt(out uint value) ? value : ReadVarUInt64Multi();

    [MethodImpl(MethodImplOptions.NoInlining)]
    private ulong ReadVarUInt64Multi()
    {
        if (_end - _pos >= VarInt.MaxBytes64)
        {
            int n = VarInt.Read64Multi(ref Cursor, out ulong value);
            if (n != 0)
            {
                _pos += n;
                return value;
            }
        }
        return (ulong)ReadVarUIntSlow(VarInt.MaxBytes64, 64, "a 64-bit integer");
    }

    /// <summary>Reads an unsigned LEB128 value that fits 128 bits: at most 19 bytes, minimal.</summary>
    public UInt128 ReadVarUInt128()
    {
        // Most values (decimal magnitudes in particular) fit 64 bits: decode those without 128-bit arithmetic.
        if (_end - _pos >= VarInt.MaxBytes64)
        {
            int n = VarInt.Read64(ref Cursor, out ulong value);
            if (n != 0)
            {
                _pos += n;
                return value;
            }
        }
        return ReadVarUIntSlow(VarInt.MaxBytes128, 128, "a 128-bit integer");
    }

    /// <summary>
    /// Byte-by-byte LEB128 decoding, used near the end of the input (or of a stream's buffer) and to report
    /// exactly what is wrong with a malformed encoding: truncated, too long, beyond <paramref name="bits"/>, or not minimal.
    /// </summary>
    private UInt128 ReadVarUIntSlow(int maxBytes, int bits, string what)
    {
        long start = Position;
        UInt128 result = 0;
        int shift = 0;
        for (int i = 0; i < maxBytes; i++, shift += 7)
        {
            Require(1, what);
            byte b = Cursor;
            _pos++;
            if (i == maxBytes - 1 && b >= 1 << (bits - shift))
            {
                // The last allowed byte carries only the top bits; anything more is too long or too large.
                ThrowHelper.ThrowOverlongVarInt(what, start, maxBytes);
            }
            result |= (UInt128)(b & 0x7Fu) << shift;
            if (b < 0x80)
            {
                if (b == 0 && i > 0)
                {
                    ThrowHelper.ThrowFormat($"Non-minimal variable-length encoding of {what} (a trailing zero byte)", start);
                }
                return result;
            }
        }
        ThrowHelper.ThrowOverlongVarInt(what, start, maxBytes);
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
