using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace NFX.IO;

/// <summary>
/// Narrows and widens short ASCII strings (up to <see cref="MaxChars"/> chars) with two overlapping vector loads and
/// stores instead of a loop (<see cref="LongAscii"/>'s narrows longer text, <see cref="System.Text.Ascii"/> widens it):
/// a loop's setup costs more than the work on a name, a tag or a URL, the strings a message has most of. Nothing is read or written outside the
/// given range; a string with a non-ASCII char is left to the caller's general path.
/// </summary>
internal static class ShortAscii
{
    /// <summary>The longest string taken here; longer ones go to <see cref="System.Text.Ascii"/>.</summary>
    public const int MaxChars = 32;

    private const ulong NonAsciiChars = 0xFF80_FF80_FF80_FF80;

    /// <summary>
    /// Writes the <paramref name="length"/> chars at <paramref name="source"/> (at most <see cref="MaxChars"/>) as one byte
    /// each at <paramref name="destination"/> and returns true when all are ASCII; false otherwise (the destination's
    /// bytes are then undefined).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)] // into the writer's one out-of-line string method
    public static bool TryNarrow(ref char source, int length, ref byte destination)
    {
        ref ushort chars = ref Unsafe.As<char, ushort>(ref source);
        if (length >= 8 && Vector128.IsHardwareAccelerated)
        {
            // 8-16 chars: the first 8 and the last 8; 17-32: the first 16 and the last 16. They overlap in the middle.
            int last = length - 8;
            Vector128<ushort> a = Vector128.LoadUnsafe(ref chars);
            Vector128<ushort> d = Vector128.LoadUnsafe(ref chars, (nuint)last);
            if (length <= 16)
            {
                if (((a | d) & Vector128.Create((ushort)0xFF80)) != Vector128<ushort>.Zero)
                {
                    return false;
                }
                Vector128<ulong> ends = PackAscii(a, d).AsUInt64();
                Unsafe.WriteUnaligned(ref destination, ends.GetElement(0));
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, last), ends.GetElement(1));
                return true;
            }
            Vector128<ushort> b = Vector128.LoadUnsafe(ref chars, 8);
            Vector128<ushort> c = Vector128.LoadUnsafe(ref chars, (nuint)(length - 16));
            if (((a | b | c | d) & Vector128.Create((ushort)0xFF80)) != Vector128<ushort>.Zero)
            {
                return false;
            }
            PackAscii(a, b).StoreUnsafe(ref destination);
            PackAscii(c, d).StoreUnsafe(ref destination, (nuint)(length - 16));
            return true;
        }
        if (length >= 4 && Vector128.IsHardwareAccelerated)
        {
            // 4-7 chars (codes, numbers, short names): the first 4 and the last 4 as two 64-bit words in one vector, one
            // test and one pack, two 4-byte stores (a 4-at-a-time loop of shifts cost ~25 instructions a round, two rounds).
            ulong head = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref chars));
            ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref chars, length - 4)));
            if (((head | tail) & NonAsciiChars) != 0)
            {
                return false;
            }
            Vector128<ushort> both = Vector128.Create(head, tail).AsUInt16();
            Vector128<uint> narrow = PackAscii(both, both).AsUInt32();
            Unsafe.WriteUnaligned(ref destination, narrow.GetElement(0));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, length - 4), narrow.GetElement(1));
            return true;
        }
        if (length >= 4)
        {
            return TryNarrowByWords(ref chars, length, ref destination);
        }
        if (length >= 2)
        {
            // 2-3 chars (country and language codes): the first 2 and the last 2 as two 32-bit words.
            uint first = Unsafe.ReadUnaligned<uint>(ref Unsafe.As<ushort, byte>(ref chars));
            uint last = Unsafe.ReadUnaligned<uint>(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref chars, length - 2)));
            if (((first | last) & 0xFF80_FF80u) != 0)
            {
                return false;
            }
            Unsafe.WriteUnaligned(ref destination, (ushort)(first | first >> 8));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, length - 2), (ushort)(last | last >> 8));
            return true;
        }
        if (length == 1)
        {
            ushort c = chars;
            if (c > 0x7F)
            {
                return false;
            }
            destination = (byte)c;
        }
        return true;
    }

    /// <summary><see cref="TryNarrow"/> of 4 chars or more without vectors: 4 at a time, the last 4 overlapping.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool TryNarrowByWords(ref ushort chars, int length, ref byte destination)
    {
        for (int i = 0; ; i += 4)
        {
            int at = Math.Min(i, length - 4);
            ulong word = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref chars, at)));
            if ((word & NonAsciiChars) != 0)
            {
                return false;
            }
            uint narrow = (uint)(word & 0xFF) | (uint)(word >> 8 & 0xFF00) | (uint)(word >> 16 & 0xFF_0000) | (uint)(word >> 24 & 0xFF00_0000);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, at), narrow);
            if (at == length - 4)
            {
                return true;
            }
        }
    }

    /// <summary>
    /// The chars of <paramref name="low"/> then <paramref name="high"/> as bytes, all of them checked ASCII first: x86's
    /// saturating pack is then exact and one instruction, where <see cref="Vector128.Narrow(Vector128{ushort}, Vector128{ushort})"/>
    /// masks each half first (or, with AVX-512, narrows each half apart and joins them).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> PackAscii(Vector128<ushort> low, Vector128<ushort> high) =>
        Sse2.IsSupported ? Sse2.PackUnsignedSaturate(low.AsInt16(), high.AsInt16()) : Vector128.Narrow(low, high);

    /// <summary>
    /// Writes the <paramref name="length"/> bytes at <paramref name="source"/> (at most <see cref="MaxChars"/>) as one char
    /// each at <paramref name="destination"/> and returns true when all are ASCII; false otherwise (the destination's
    /// chars are then undefined).
    /// </summary>
    public static bool TryWiden(ref byte source, int length, ref char destination)
    {
        ref ushort chars = ref Unsafe.As<char, ushort>(ref destination);
        if (length >= 8 && Vector128.IsHardwareAccelerated)
        {
            if (length >= 16)
            {
                // 16-32 bytes: the first 16 and the last 16.
                Vector128<byte> first = Vector128.LoadUnsafe(ref source);
                Vector128<byte> end = Vector128.LoadUnsafe(ref source, (nuint)(length - 16));
                if (((first | end) & Vector128.Create((byte)0x80)) != Vector128<byte>.Zero)
                {
                    return false;
                }
                (Vector128<ushort> a, Vector128<ushort> b) = Vector128.Widen(first);
                (Vector128<ushort> c, Vector128<ushort> d) = Vector128.Widen(end);
                a.StoreUnsafe(ref chars);
                b.StoreUnsafe(ref chars, 8);
                c.StoreUnsafe(ref chars, (nuint)(length - 16));
                d.StoreUnsafe(ref chars, (nuint)(length - 8));
                return true;
            }
            // 8-15 bytes: the first 8 and the last 8, in the two halves of one vector.
            Vector128<byte> ends = Vector128.Create(
                Unsafe.ReadUnaligned<ulong>(ref source), Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, length - 8))).AsByte();
            if ((ends & Vector128.Create((byte)0x80)) != Vector128<byte>.Zero)
            {
                return false;
            }
            (Vector128<ushort> low, Vector128<ushort> high) = Vector128.Widen(ends);
            low.StoreUnsafe(ref chars);
            high.StoreUnsafe(ref chars, (nuint)(length - 8));
            return true;
        }
        if (length >= 4 && Vector128.IsHardwareAccelerated)
        {
            // 4-7 bytes (most names and words): the first 4 and the last 4, widened in one vector, stored as two 8-byte
            // words (a byte loop costs 7 instructions a char).
            uint head = Unsafe.ReadUnaligned<uint>(ref source);
            uint tail = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, length - 4));
            if (((head | tail) & 0x8080_8080u) != 0)
            {
                return false;
            }
            Vector128<ulong> wide = Vector128.WidenLower(Vector128.CreateScalarUnsafe(head | (ulong)tail << 32).AsByte()).AsUInt64();
            Unsafe.WriteUnaligned(ref Unsafe.As<ushort, byte>(ref chars), wide.GetElement(0));
            Unsafe.WriteUnaligned(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref chars, length - 4)), wide.GetElement(1));
            return true;
        }
        for (int i = 0; i < length; i++)
        {
            byte b = Unsafe.Add(ref source, i);
            if (b > 0x7F)
            {
                return false;
            }
            Unsafe.Add(ref chars, i) = b;
        }
        return true;
    }

    /// <summary>The first char of <paramref name="value"/>, as a reference (for <see cref="TryNarrow"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ref char FirstChar(string value) => ref MemoryMarshal.GetReference(value.AsSpan());
}
