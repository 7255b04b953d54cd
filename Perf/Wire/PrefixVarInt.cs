using System.Numerics;
using System.Runtime.CompilerServices;

namespace NFX.Perf.Wire;

/// <summary>
/// A prefix varint, measured against the product's LEB128 (it is not used by the product unless it wins):
/// the byte count is known from the first byte alone, so decoding is one table-free branch and one 8-byte load
/// instead of a loop over continuation bits.
/// </summary>
/// <remarks>
/// Layout (little-endian, the count in the first byte's low bits as a unary number):
/// <c>xxxxxxx1</c> = 1 byte, 7 payload bits; <c>xxxxxx10</c> = 2 bytes, 14 bits; ... <c>10000000</c> = 8 bytes,
/// 56 bits; <c>00000000</c> = 9 bytes: the next 8 bytes are the 64-bit value. Payload bits follow the marker, low
/// bits first, so an n-byte value (n &lt;= 8) is <c>(load64 &gt;&gt; n) &amp; mask(7n)</c>. Minimal encodings only,
/// like the product's reader. Sizes equal LEB128's up to 56 bits; 57..63-bit values take 9 bytes in both,
/// 64-bit ones 9 instead of 10.
/// </remarks>
public static class PrefixVarInt
{
    /// <summary>Bytes the encoder may touch: it stores 8 bytes at once even for shorter values.</summary>
    public const int MaxBytes = 9;

    /// <summary>Encodes at <paramref name="dst"/>, which has at least <see cref="MaxBytes"/> writable bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Write(ref byte dst, ulong value)
    {
        if (value < 0x80)
        {
            dst = (byte)((value << 1) | 1);
            return 1;
        }
        return WriteMulti(ref dst, value);
    }

    private static int WriteMulti(ref byte dst, ulong value)
    {
        int bits = 64 - BitOperations.LeadingZeroCount(value);
        if (bits > 56)
        {
            dst = 0;
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref dst, 1), value);
            return 9;
        }
        int n = (bits + 6) / 7;
        Unsafe.WriteUnaligned(ref dst, (value << n) | (1UL << (n - 1)));
        return n;
    }

    /// <summary>
    /// Decodes from <paramref name="src"/>, which has at least <see cref="MaxBytes"/> readable bytes. Returns the
    /// byte count, or 0 when the encoding is not minimal.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Read(ref byte src, out ulong value)
    {
        uint first = src;
        if ((first & 1) != 0)
        {
            value = first >> 1;
            return 1;
        }
        return ReadMulti(ref src, out value);
    }

    private static int ReadMulti(ref byte src, out ulong value)
    {
        uint first = src;
        if (first == 0)
        {
            value = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref src, 1));
            return value >> 56 != 0 ? 9 : 0;
        }
        int n = BitOperations.TrailingZeroCount(first) + 1;
        value = (Unsafe.ReadUnaligned<ulong>(ref src) >> n) & (ulong.MaxValue >> (64 - 7 * n));
        return value >> (7 * (n - 1)) != 0 ? n : 0;
    }

    /// <summary>The number of bytes <paramref name="value"/> takes.</summary>
    public static int SizeOf(ulong value)
    {
        int bits = 64 - BitOperations.LeadingZeroCount(value | 1);
        return bits > 56 ? 9 : (bits + 6) / 7;
    }
}
