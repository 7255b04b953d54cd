using System.Runtime.CompilerServices;

namespace NFX.IO;

public sealed partial class SlimWriter
{
    /// <summary>Writes an unsigned 32-bit integer as LEB128: 7 bits a byte, low bits first, 1 to 5 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarUInt32(uint value)
    {
        Ensure(VarInt.MaxBytes32);
        _pos += VarInt.Append32(ref Cursor, value);
    }

    /// <summary>Writes an unsigned 64-bit integer as LEB128, 1 to 10 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarUInt64(ulong value)
    {
        Ensure(VarInt.MaxBytes64);
        _pos += VarInt.Append64(ref Cursor, value);
    }

    /// <summary>Writes a signed 32-bit integer as ZigZag + LEB128: -64..63 take one byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarInt32(int value) => WriteVarUInt32(VarInt.ZigZag(value));

    /// <summary>Writes a signed 64-bit integer as ZigZag + LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarInt64(long value) => WriteVarUInt64(VarInt.ZigZag(value));

    /// <summary>Writes an unsigned 128-bit integer as LEB128, 1 to 19 bytes.</summary>
    public void WriteVarUInt128(UInt128 value)
    {
        if (value <= ulong.MaxValue >> 1)
        {
            // Values that fit 63 bits encode identically through the 64-bit path.
            WriteVarUInt64((ulong)value);
            return;
        }
        Ensure(VarInt.MaxBytes128);
        ref byte dst = ref Cursor;
        int n = 0;
        while (value >= 0x80)
        {
            Unsafe.Add(ref dst, n++) = (byte)((byte)value | 0x80);
            value >>= 7;
        }
        Unsafe.Add(ref dst, n++) = (byte)value;
        _pos += n;
    }

    /// <summary>Writes a signed 128-bit integer as ZigZag + LEB128.</summary>
    public void WriteVarInt128(Int128 value) => WriteVarUInt128((UInt128)((value << 1) ^ (value >> 127)));
}
