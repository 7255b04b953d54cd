using System.Runtime.CompilerServices;

namespace NFX.IO;

public sealed partial class SlimWriter
{
    /// <summary>Writes an unsigned 32-bit integer as LEB128: 7 bits a byte, low bits first, 1 to 5 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarUInt32(uint value)
    {
        Ensure(VarInt.MaxBytes32);
        _pos = UnsafeRunWrites.UInt32(_buffer, _pos, value);
    }

    /// <summary>Writes an unsigned 64-bit integer as LEB128, 1 to 10 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteVarUInt64(ulong value)
    {
        Ensure(VarInt.MaxBytes64);
        _pos = UnsafeRunWrites.UInt64(_buffer, _pos, value);
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
        Ensure(VarInt.MaxBytes128);
        _pos = UnsafeRunWrites.UInt128(_buffer, _pos, value);
    }

    /// <summary>Writes a signed 128-bit integer as ZigZag + LEB128.</summary>
    public void WriteVarInt128(Int128 value) => WriteVarUInt128((UInt128)((value << 1) ^ (value >> 127)));
}
