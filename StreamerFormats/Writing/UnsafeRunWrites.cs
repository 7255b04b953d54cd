using System.Buffers.Binary;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace NFX.IO;

/// <summary>
/// The built-in encodings of fixed-size native values as <c>position in, position out</c> over a buffer with no capacity
/// check: a code generator reserves the sum of their most bytes (<see cref="BuiltInNativeTypes"/>: each writer may overwrite
/// bytes past its encoding, never past its most bytes, scratch the next field overwrites) for a run of such fields once
/// (<see cref="SlimWriter.BeginRun"/>), keeps the position in a local while it writes them, and stores it once
/// (<see cref="SlimWriter.EndRun"/>) - instead of a capacity check and a load and store of the writer's position per field.
/// <see cref="SlimWriter"/>'s own WriteX methods are these same encodings behind their capacity check, so the bytes of a
/// field do not depend on which way it was written.
/// </summary>
/// <remarks>
/// Unsafe: no method checks its buffer's bounds, and a write past them corrupts memory. Public for the code the NFX.Slim
/// source generator writes (the runs of a generated class body), not for hand-written code. The caller must guarantee,
/// for every call, that <c>buffer</c> is the writer's <see cref="SlimWriter.RunBuffer"/> read after
/// <see cref="SlimWriter.BeginRun"/>, that <c>pos</c> is the position <see cref="SlimWriter.BeginRun"/> or the previous
/// call of the run returned, and that the most bytes of every value written since <see cref="SlimWriter.BeginRun"/>,
/// this one included (each row's <see cref="NativeTypeCodec.RunMaxBytes"/>), add up to no more than the bytes that call
/// reserved.
/// </remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class UnsafeRunWrites
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ref byte At(byte[] buffer, int pos) => ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(buffer), (nint)(uint)pos);

    /// <summary>0 or 1.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Boolean(byte[] buffer, int pos, bool value)
    {
        At(buffer, pos) = value ? (byte)1 : (byte)0;
        return pos + 1;
    }

    /// <summary>The byte itself.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Byte(byte[] buffer, int pos, byte value)
    {
        At(buffer, pos) = value;
        return pos + 1;
    }

    /// <summary>The two's-complement byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int SByte(byte[] buffer, int pos, sbyte value) => Byte(buffer, pos, (byte)value);

    /// <summary>LEB128 of the UTF-16 code unit.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Char(byte[] buffer, int pos, char value) => UInt32(buffer, pos, value);

    /// <summary>ZigZag + LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Int16(byte[] buffer, int pos, short value) => UInt32(buffer, pos, VarInt.ZigZag(value));

    /// <summary>LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int UInt16(byte[] buffer, int pos, ushort value) => UInt32(buffer, pos, value);

    /// <summary>ZigZag + LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Int32(byte[] buffer, int pos, int value) => UInt32(buffer, pos, VarInt.ZigZag(value));

    /// <summary>LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int UInt32(byte[] buffer, int pos, uint value) => pos + VarInt.Append32(ref At(buffer, pos), value);

    /// <summary>ZigZag + LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Int64(byte[] buffer, int pos, long value) => UInt64(buffer, pos, VarInt.ZigZag(value));

    /// <summary>LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int UInt64(byte[] buffer, int pos, ulong value) => pos + VarInt.Append64(ref At(buffer, pos), value);

    /// <summary>2 IEEE 754 bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Half(byte[] buffer, int pos, Half value) => Fixed16(buffer, pos, BitConverter.HalfToUInt16Bits(value));

    /// <summary>4 IEEE 754 bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Single(byte[] buffer, int pos, float value) => Fixed32(buffer, pos, BitConverter.SingleToUInt32Bits(value));

    /// <summary>8 IEEE 754 bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Double(byte[] buffer, int pos, double value) => Fixed64(buffer, pos, BitConverter.DoubleToUInt64Bits(value));

    /// <summary>LEB128 of the 96-bit magnitude, then sign (bit 7) and scale (bits 0..4) in one byte.</summary>
    public static int Decimal(byte[] buffer, int pos, decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        ulong low = ((ulong)(uint)bits[1] << 32) | (uint)bits[0];
        uint high = (uint)bits[2];
        // Magnitudes that fit 63 bits take the 64-bit encoding (the same bytes the 128-bit loop would write).
        pos = high == 0 && low <= ulong.MaxValue >> 1 ? UInt64(buffer, pos, low) : UInt128(buffer, pos, new UInt128(high, low));
        int flags = bits[3];
        return Byte(buffer, pos, (byte)(((flags >>> 31) << 7) | ((flags >> 16) & 0xFF)));
    }

    /// <summary>LEB128 of a 128-bit value, 1 to 19 bytes.</summary>
    internal static int UInt128(byte[] buffer, int pos, UInt128 value)
    {
        if (value <= ulong.MaxValue >> 1)
        {
            return UInt64(buffer, pos, (ulong)value);
        }
        ref byte dst = ref At(buffer, pos);
        int n = 0;
        while (value >= 0x80)
        {
            Unsafe.Add(ref dst, n++) = (byte)((byte)value | 0x80);
            value >>= 7;
        }
        Unsafe.Add(ref dst, n++) = (byte)value;
        return pos + n;
    }

    /// <summary>8 bytes little-endian: ticks in bits 0..61, the Kind in bits 62..63.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int DateTime(byte[] buffer, int pos, DateTime value) => Fixed64(buffer, pos, (ulong)value.Ticks | ((ulong)value.Kind << 62));

    /// <summary>8 bytes of local clock ticks, then the offset in minutes (ZigZag + LEB128).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int DateTimeOffset(byte[] buffer, int pos, DateTimeOffset value) =>
        Int32(buffer, Fixed64(buffer, pos, (ulong)value.Ticks), (int)(value.Offset.Ticks / System.TimeSpan.TicksPerMinute));

    /// <summary>Ticks, ZigZag + LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int TimeSpan(byte[] buffer, int pos, TimeSpan value) => Int64(buffer, pos, value.Ticks);

    /// <summary>LEB128 of the day number.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int DateOnly(byte[] buffer, int pos, DateOnly value) => UInt32(buffer, pos, (uint)value.DayNumber);

    /// <summary>LEB128 of the ticks since midnight.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int TimeOnly(byte[] buffer, int pos, TimeOnly value) => UInt64(buffer, pos, (ulong)value.Ticks);

    /// <summary>The 16 bytes in <see cref="Guid.TryWriteBytes(Span{byte})"/> order.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Guid(byte[] buffer, int pos, Guid value)
    {
        value.TryWriteBytes(MemoryMarshal.CreateSpan(ref At(buffer, pos), 16));
        return pos + 16;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Fixed16(byte[] buffer, int pos, ushort value)
    {
        Unsafe.WriteUnaligned(ref At(buffer, pos), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));
        return pos + 2;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Fixed32(byte[] buffer, int pos, uint value)
    {
        Unsafe.WriteUnaligned(ref At(buffer, pos), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));
        return pos + 4;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Fixed64(byte[] buffer, int pos, ulong value)
    {
        Unsafe.WriteUnaligned(ref At(buffer, pos), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));
        return pos + 8;
    }
}
