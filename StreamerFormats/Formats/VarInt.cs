using System.Runtime.CompilerServices;

namespace NFX.IO;

/// <summary>
/// The variable-length integer encoding of the Slim wire format: LEB128 (7 payload bits a byte, low group first,
/// high bit set on every byte but the last) over ZigZag for signed values, so small magnitudes of either sign are short.
/// </summary>
/// <remarks>
/// Byte counts: 0..127 = 1, ..16383 = 2, ..2^21-1 = 3, ..2^28-1 = 4, 32-bit max = 5, 64-bit max = 10.
/// ZigZag maps 0,-1,1,-2,2.. to 0,1,2,3,4.. so -64..63 take one byte.
/// </remarks>
public static class VarInt
{
    /// <summary>The longest encoding of a 32-bit value.</summary>
    public const int MaxBytes32 = 5;

    /// <summary>The longest encoding of a 64-bit value.</summary>
    public const int MaxBytes64 = 10;

    /// <summary>The longest encoding of a 128-bit value.</summary>
    public const int MaxBytes128 = 19;

    /// <summary>Maps a signed value to an unsigned one with small magnitudes first.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint ZigZag(int value) => (uint)((value << 1) ^ (value >> 31));

    /// <summary>Maps a signed value to an unsigned one with small magnitudes first.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong ZigZag(long value) => (ulong)((value << 1) ^ (value >> 63));

    /// <summary>Inverse of <see cref="ZigZag(int)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int UnZigZag(uint value) => (int)(value >> 1) ^ -(int)(value & 1);

    /// <summary>Inverse of <see cref="ZigZag(long)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long UnZigZag(ulong value) => (long)(value >> 1) ^ -(long)(value & 1);

    /// <summary>The number of bytes <paramref name="value"/> takes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int SizeOf(ulong value) => ((63 - System.Numerics.BitOperations.LeadingZeroCount(value | 1)) / 7) + 1;

    /// <summary>Encodes at <paramref name="dst"/>, which has at least <see cref="MaxBytes32"/> bytes; returns the count.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Write32(ref byte dst, uint value)
    {
        if (value < 0x80)
        {
            dst = (byte)value;
            return 1;
        }
        return Write32Multi(ref dst, value);
    }

    private static int Write32Multi(ref byte dst, uint value)
    {
        int n = 0;
        do
        {
            Unsafe.Add(ref dst, n++) = (byte)(value | 0x80);
            value >>= 7;
        }
        while (value >= 0x80);
        Unsafe.Add(ref dst, n++) = (byte)value;
        return n;
    }

    /// <summary>Encodes at <paramref name="dst"/>, which has at least <see cref="MaxBytes64"/> bytes; returns the count.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Write64(ref byte dst, ulong value)
    {
        if (value < 0x80)
        {
            dst = (byte)value;
            return 1;
        }
        return Write64Multi(ref dst, value);
    }

    private static int Write64Multi(ref byte dst, ulong value)
    {
        int n = 0;
        do
        {
            Unsafe.Add(ref dst, n++) = (byte)(value | 0x80);
            value >>= 7;
        }
        while (value >= 0x80);
        Unsafe.Add(ref dst, n++) = (byte)value;
        return n;
    }
}
