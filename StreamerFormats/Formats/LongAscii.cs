using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using System.Text;

namespace NFX.IO;

/// <summary>
/// Narrows and widens ASCII text longer than <see cref="ShortAscii.MaxChars"/> chars (a body, a description, a comment)
/// in a loop of 32 chars a round, its last round the last 32 chars: inlined into generated bodies' string writes and
/// every string read, it leaves out the calls and the span checks of <see cref="Ascii"/>'s conversions, which cost about
/// as much as converting a 300-char string. Nothing is written outside the given range; a string with a non-ASCII char is left to
/// the caller's general path.
/// </summary>
internal static class LongAscii
{
    private const int CharsPerRound = 32;

    /// <summary>
    /// Writes the <paramref name="length"/> chars at <paramref name="source"/> (more than <see cref="ShortAscii.MaxChars"/>)
    /// as one byte each at <paramref name="destination"/> and returns true when all are ASCII; false otherwise (the
    /// destination's bytes are then undefined).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)] // into the writer's string paths: see the summary
    public static bool TryNarrow(ref char source, int length, ref byte destination)
    {
        Debug.Assert(length > ShortAscii.MaxChars, "Short strings take ShortAscii.");
        if (!Vector256.IsHardwareAccelerated)
        {
            return NarrowByAscii(ref source, length, ref destination);
        }
        ref ushort chars = ref Unsafe.As<char, ushort>(ref source);
        nuint last = (nuint)(length - CharsPerRound);
        nuint at = 0;
        while (true)
        {
            Vector256<ushort> low = Vector256.LoadUnsafe(ref chars, at);
            Vector256<ushort> high = Vector256.LoadUnsafe(ref chars, at + 16);
            if (((low | high) & Vector256.Create((ushort)0xFF80)) != Vector256<ushort>.Zero)
            {
                return false;
            }
            PackAscii(low, high).StoreUnsafe(ref destination, at);
            if (at == last)
            {
                return true;
            }
            // The next round, or the last 32 chars when fewer than 32 are left: they overlap the round before.
            at = Math.Min(at + CharsPerRound, last);
        }
    }

    /// <summary>
    /// Writes the <paramref name="length"/> bytes at <paramref name="source"/> (more than <see cref="ShortAscii.MaxChars"/>)
    /// as one char each at <paramref name="destination"/> and returns true when all are ASCII; false otherwise (the
    /// destination's chars are then undefined).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)] // into the reader's string callback: see the summary
    public static bool TryWiden(ref byte source, int length, ref char destination)
    {
        Debug.Assert(length > ShortAscii.MaxChars, "Short strings take ShortAscii.");
        if (!Vector256.IsHardwareAccelerated)
        {
            return WidenByAscii(ref source, length, ref destination);
        }
        ref ushort chars = ref Unsafe.As<char, ushort>(ref destination);
        nuint last = (nuint)(length - CharsPerRound);
        nuint at = 0;
        while (true)
        {
            Vector256<byte> bytes = Vector256.LoadUnsafe(ref source, at);
            if (bytes.ExtractMostSignificantBits() != 0)
            {
                return false;
            }
            (Vector256<ushort> low, Vector256<ushort> high) = Vector256.Widen(bytes);
            low.StoreUnsafe(ref chars, at);
            high.StoreUnsafe(ref chars, at + 16);
            if (at == last)
            {
                return true;
            }
            at = Math.Min(at + CharsPerRound, last);
        }
    }

    /// <summary>
    /// The chars of <paramref name="low"/> then <paramref name="high"/> as bytes, all of them checked ASCII first: AVX2's
    /// saturating pack is then exact, and one permute puts its lanes in order.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<byte> PackAscii(Vector256<ushort> low, Vector256<ushort> high) =>
        Avx2.IsSupported
            ? Avx2.Permute4x64(Avx2.PackUnsignedSaturate(low.AsInt16(), high.AsInt16()).AsUInt64(), 0b11_01_10_00).AsByte()
            : Vector256.Narrow(low, high);

    /// <summary>Without 256-bit vectors: <see cref="Ascii"/>, whichever width the machine has.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool WidenByAscii(ref byte source, int length, ref char destination) =>
        Ascii.ToUtf16(
            MemoryMarshal.CreateReadOnlySpan(ref source, length),
            MemoryMarshal.CreateSpan(ref destination, length),
            out _) == OperationStatus.Done;

    /// <summary>Without 256-bit vectors: <see cref="Ascii"/>, whichever width the machine has.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool NarrowByAscii(ref char source, int length, ref byte destination) =>
        Ascii.FromUtf16(
            MemoryMarshal.CreateReadOnlySpan(ref source, length),
            MemoryMarshal.CreateSpan(ref destination, length),
            out _) == OperationStatus.Done;
}
