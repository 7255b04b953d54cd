using System.Buffers;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;

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
    public static int SizeOf(ulong value) => (int)((uint)(64 - BitOperations.LeadingZeroCount(value | 1)) * 9 + 64 >> 6);

    /// <summary>Encodes at <paramref name="dst"/>, which has at least <see cref="MaxBytes32"/> bytes; returns the count.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Write32(ref byte dst, uint value) => Write64(ref dst, value); // a 32-bit value writes at most 5 bytes

    /// <summary>
    /// Like <see cref="Write32"/>, for a writer appending at the end of what it wrote: may also overwrite the bytes after
    /// the encoding, up to <see cref="MaxBytes32"/> in all (scratch the next write replaces). Never use it to patch a
    /// value in front of bytes already written.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Append32(ref byte dst, uint value)
    {
        int n = AppendShort(ref dst, value);
        return n != 0 ? n : Append32Multi(ref dst, value);
    }

    /// <summary>
    /// The one- and two-byte encodings (0..16383: counts, scores, years), inline at the call site, the common cases with
    /// no call; 0 for a longer value (and for two bytes on a big-endian machine), which the caller encodes out of line.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int AppendShort(ref byte dst, ulong value)
    {
        if (value < 0x80)
        {
            dst = (byte)value;
            return 1;
        }
        if (value < 0x4000 && BitConverter.IsLittleEndian)
        {
            Unsafe.WriteUnaligned(ref dst, (ushort)((value & 0x7F) | 0x80 | ((value << 1) & 0x7F00)));
            return 2;
        }
        return 0;
    }

    // The 7-bit groups are spread over the bytes with shifts and masks and the continuation bits set from the length,
    // which the highest set bit gives: no branch per byte, so values of mixed lengths cost no mispredictions.
    private static int Append32Multi(ref byte dst, uint value)
    {
        if (!BitConverter.IsLittleEndian)
        {
            return WriteLoop(ref dst, value);
        }
        int n = SizeOf(value); // 2..5
        ulong spread = SpreadGroups(value) | ContinuationBits(n);
        // Five bytes are writable (the caller's contract); a byte past the count is scratch the next write overwrites.
        Unsafe.WriteUnaligned(ref dst, (uint)spread);
        Unsafe.Add(ref dst, 4) = (byte)(spread >> 32);
        return n;
    }

    /// <summary>
    /// True where BMI2's bit deposit is one fast instruction: Intel, and AMD from Zen 3 (family 0x19); before it AMD
    /// runs it as microcode, tens to hundreds of cycles for the seven bits a byte here. Read once; the JIT folds it.
    /// </summary>
    internal static readonly bool FastBitDeposit = HasFastBitDeposit();

    private static bool HasFastBitDeposit()
    {
        if (!Bmi2.X64.IsSupported)
        {
            return false;
        }
        (_, int ebx, int ecx, int edx) = X86Base.CpuId(0, 0);
        if (ebx == 0x756E_6547 && edx == 0x4965_6E69 && ecx == 0x6C65_746E) // "GenuineIntel"
        {
            return true;
        }
        if (ebx == 0x6874_7541 && edx == 0x6974_6E65 && ecx == 0x444D_4163) // "AuthenticAMD"
        {
            int eax = X86Base.CpuId(1, 0).Eax;
            int family = eax >> 8 & 0xF;
            if (family == 0xF)
            {
                family += eax >> 20 & 0xFF;
            }
            return family >= 0x19;
        }
        return false; // others (Hygon's are Zen 1) take the shifts
    }

    /// <summary>
    /// The 7-bit groups of <paramref name="value"/> (below 2^56) one a byte, low group first, continuation bits clear:
    /// one bit deposit where it is fast, else <see cref="Spread"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong SpreadGroups(ulong value) =>
        FastBitDeposit ? Bmi2.X64.ParallelBitDeposit(value, 0x7F7F_7F7F_7F7F_7F7F) : Spread(value);

    /// <summary>
    /// The 7-bit groups of <paramref name="value"/> (below 2^56) one a byte, low group first, continuation bits clear:
    /// halves, quarters, then eighths moved apart in three steps of two masks and a shift, instead of eight.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong Spread(ulong value)
    {
        ulong x = (value & 0x0FFF_FFFF) | ((value << 4) & 0x0FFF_FFFF_0000_0000);
        x = (x & 0x0000_3FFF_0000_3FFF) | ((x << 2) & 0x3FFF_0000_3FFF_0000);
        return (x & 0x007F_007F_007F_007F) | ((x << 1) & 0x7F00_7F00_7F00_7F00);
    }

    /// <summary>The continuation bits of an encoding of <paramref name="n"/> bytes, 2 to 8: bit 7 of every byte but the last.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong ContinuationBits(int n)
    {
        Debug.Assert(n is >= 2 and <= 8);
        return 0x8080_8080_8080_8080UL >> (72 - 8 * n);
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
        return WriteLoop(ref dst, value);
    }

    /// <summary>Like <see cref="Write64"/>, appending: may overwrite up to <see cref="MaxBytes64"/> bytes (see <see cref="Append32"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Append64(ref byte dst, ulong value)
    {
        int n = AppendShort(ref dst, value);
        return n != 0 ? n : Append64Multi(ref dst, value);
    }

    private static int Append64Multi(ref byte dst, ulong value)
    {
        if (value >= 1UL << 56 || !BitConverter.IsLittleEndian)
        {
            return WriteLoop(ref dst, value); // 9 or 10 bytes: rare (hashes, random 64-bit ids)
        }
        int n = SizeOf(value); // 2..8
        Unsafe.WriteUnaligned(ref dst, SpreadGroups(value) | ContinuationBits(n)); // ten bytes are writable
        return n;
    }

    private static int WriteLoop(ref byte dst, ulong value)
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

    /// <summary>
    /// Decodes from <paramref name="src"/>, which has at least <see cref="MaxBytes32"/> readable bytes. Returns the
    /// byte count, or 0 when the encoding is malformed (longer than 5 bytes, beyond 32 bits, or not minimal:
    /// a last byte of 0 after a continuation); the caller then re-reads slowly to report exactly what is wrong.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Read32(ref byte src, out uint value)
    {
        uint b = src;
        if (b < 0x80)
        {
            value = b;
            return 1;
        }
        return Read32Multi(ref src, out value);
    }

    /// <summary>
    /// Decodes a one- or two-byte value (0..16383, minimal: a second byte of 0 is not) from <paramref name="src"/>, which
    /// has <paramref name="available"/> (at least 1) readable bytes; returns the byte count, or 0 for anything longer,
    /// shorter than its continuation says, or not minimal (the caller's longer decoder then reads or reports it). What
    /// nearly every count, score and small id takes, so callers inline this and keep the rest out of line.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int ReadShort(ref byte src, int available, out uint value)
    {
        uint first = src;
        if (first < 0x80)
        {
            value = first;
            return 1;
        }
        if (available > 1)
        {
            uint second = Unsafe.Add(ref src, 1);
            if (second - 1 < 0x7F)
            {
                value = (first & 0x7F) | (second << 7);
                return 2;
            }
        }
        value = 0;
        return 0;
    }

    /// <summary>The multi-byte part of <see cref="Read32"/>: the first byte has its continuation bit set.</summary>
    internal static int Read32Multi(ref byte src, out uint value)
    {
        uint result = src & 0x7Fu;
        uint b = Unsafe.Add(ref src, 1);
        result |= (b & 0x7F) << 7;
        if (b < 0x80)
        {
            value = result;
            return b != 0 ? 2 : 0;
        }
        b = Unsafe.Add(ref src, 2);
        result |= (b & 0x7F) << 14;
        if (b < 0x80)
        {
            value = result;
            return b != 0 ? 3 : 0;
        }
        b = Unsafe.Add(ref src, 3);
        result |= (b & 0x7F) << 21;
        if (b < 0x80)
        {
            value = result;
            return b != 0 ? 4 : 0;
        }
        b = Unsafe.Add(ref src, 4);
        value = result | (b << 28);
        return b - 1 < 0x0F ? 5 : 0; // the fifth byte holds the top 4 bits: 1..15 (0 would not be minimal)
    }

    /// <summary>
    /// Decodes from <paramref name="src"/>, which has at least <see cref="MaxBytes64"/> readable bytes. Returns the
    /// byte count, or 0 when the encoding is malformed (see <see cref="Read32"/>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Read64(ref byte src, out ulong value)
    {
        uint b = src;
        if (b < 0x80)
        {
            value = b;
            return 1;
        }
        return Read64Multi(ref src, out value);
    }

    /// <summary>
    /// The multi-byte part of <see cref="Read32"/> when at least 8 bytes are readable: one 8-byte load finds the last
    /// byte and packs the groups without a branch per byte. Same results as <see cref="Read32Multi"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Read32Multi8(ref byte src, out uint value)
    {
        ulong word = LoadLittleEndian(ref src);
        ulong stops = ~word & StopBits;
        int length = (BitOperations.TrailingZeroCount(stops) >> 3) + 1; // 9 when no byte of the 8 ends the value
        if (length > MaxBytes32)
        {
            value = 0;
            return 0;
        }
        ulong kept = word & (stops ^ (stops - 1)); // the bytes up to and including the last one
        value = length <= 4 ? Pack7Of4((uint)kept) : (uint)Pack7(kept);
        ulong last = kept >> ((length - 1) * 8);
        // Minimal: the last byte is not 0; the fifth byte holds the top 4 bits only (1..15).
        return last != 0 && (length < MaxBytes32 || last <= 0x0F) ? length : 0;
    }

    /// <summary>The multi-byte part of <see cref="Read64"/>: the first byte has its continuation bit set.</summary>
    internal static int Read64Multi(ref byte src, out ulong value)
    {
        // Up to 8 bytes (56 bits: nearly every value) with one load, as in Read32Multi8; longer ones byte by byte.
        ulong word = LoadLittleEndian(ref src);
        ulong stops = ~word & StopBits;
        if (stops != 0)
        {
            int length = (BitOperations.TrailingZeroCount(stops) >> 3) + 1;
            ulong kept = word & (stops ^ (stops - 1));
            value = length <= 4 ? Pack7Of4((uint)kept) : Pack7(kept);
            return kept >> ((length - 1) * 8) != 0 ? length : 0; // a zero last byte is not minimal
        }
        // Its own result, not this method's out value: an address taken here kept the caller's value in memory (and
        // zeroed in its prologue) on the 8-byte way too.
        (ulong longValue, int longLength) = Read64Long(ref src);
        value = longValue;
        return longLength;
    }

    /// <summary>The high bit of every byte of a little-endian 8-byte word: the continuation bits.</summary>
    private const ulong StopBits = 0x8080_8080_8080_8080UL;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong LoadLittleEndian(ref byte src)
    {
        ulong word = Unsafe.ReadUnaligned<ulong>(ref src);
        return BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);
    }

    /// <summary>Packs the 7-bit groups of up to 8 little-endian bytes (continuation bits ignored) into one 56-bit value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Pack7(ulong bytes)
    {
        // Each step moves the high half of every lane down to meet the low half: x - high + (high >> k) is that move
        // with one mask instead of two (the 64-bit masks are an instruction each to load).
        ulong x = bytes & 0x7F7F_7F7F_7F7F_7F7FUL;
        x -= (x & 0x7F00_7F00_7F00_7F00UL) >> 1; // lo + hi << 8 becomes lo + hi << 7
        ulong high = x & 0x3FFF_0000_3FFF_0000UL;
        x = x - high + (high >> 2);
        high = x & 0x0FFF_FFFF_0000_0000UL;
        return x - high + (high >> 4);
    }

    /// <summary>
    /// <see cref="Pack7"/> of up to 4 bytes (ids, counts and scores of up to 28 bits: most of the long values), in 32-bit
    /// arithmetic: masks that fit an instruction.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Pack7Of4(uint bytes)
    {
        uint x = bytes & 0x7F7F_7F7Fu;
        x -= (x & 0x7F00_7F00u) >> 1;
        uint high = x & 0x3FFF_0000u;
        return x - high + (high >> 2);
    }

    /// <summary>A 64-bit value of 9 or 10 bytes (or a malformed one): byte by byte; the value and the byte count (0: malformed).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static (ulong Value, int Length) Read64Long(ref byte src)
    {
        ulong result = src & 0x7FUL;
        int shift = 7;
        for (int i = 1; i < MaxBytes64 - 1; i++, shift += 7)
        {
            ulong b = Unsafe.Add(ref src, i);
            result |= (b & 0x7F) << shift;
            if (b < 0x80)
            {
                return (result, b != 0 ? i + 1 : 0);
            }
        }
        ulong last = Unsafe.Add(ref src, MaxBytes64 - 1);
        return (result | (last << 63), last == 1 ? MaxBytes64 : 0); // the tenth byte holds bit 63 only
    }

    /// <summary>
    /// Encodes <paramref name="value"/> at the start of <paramref name="destination"/> and returns the byte count
    /// (1..<see cref="MaxBytes32"/>). Throws <see cref="ArgumentException"/> when the span is too short for it.
    /// </summary>
    public static int Write(Span<byte> destination, uint value)
    {
        if (destination.Length < MaxBytes32 && destination.Length < SizeOf(value))
        {
            ThrowDestinationTooShort(SizeOf(value), destination.Length);
        }
        return Write32(ref System.Runtime.InteropServices.MemoryMarshal.GetReference(destination), value);
    }

    /// <summary>
    /// Encodes <paramref name="value"/> at the start of <paramref name="destination"/> and returns the byte count
    /// (1..<see cref="MaxBytes64"/>). Throws <see cref="ArgumentException"/> when the span is too short for it.
    /// </summary>
    public static int Write(Span<byte> destination, ulong value)
    {
        if (destination.Length < MaxBytes64 && destination.Length < SizeOf(value))
        {
            ThrowDestinationTooShort(SizeOf(value), destination.Length);
        }
        return Write64(ref System.Runtime.InteropServices.MemoryMarshal.GetReference(destination), value);
    }

    /// <summary>
    /// Decodes a 32-bit value from the start of <paramref name="source"/>, strictly: <see cref="OperationStatus.Done"/>
    /// with the byte count in <paramref name="bytesConsumed"/>; <see cref="OperationStatus.NeedMoreData"/> when the
    /// span ends inside the encoding; <see cref="OperationStatus.InvalidData"/> when it is longer than
    /// <see cref="MaxBytes32"/> bytes, beyond 32 bits or not minimal (a last byte of 0 after a continuation), so every
    /// value has exactly one encoding.
    /// </summary>
    public static OperationStatus TryRead(ReadOnlySpan<byte> source, out uint value, out int bytesConsumed)
    {
        if (source.Length >= MaxBytes32)
        {
            bytesConsumed = Read32(ref System.Runtime.InteropServices.MemoryMarshal.GetReference(source), out value);
            return bytesConsumed != 0 ? OperationStatus.Done : OperationStatus.InvalidData;
        }
        return ReadShort32(source, out value, out bytesConsumed);
    }

    /// <summary>
    /// Decodes a 32-bit value at <paramref name="reader"/>'s position (strictly, as
    /// <see cref="TryRead(ReadOnlySpan{byte}, out uint, out int)"/>) and advances past it on
    /// <see cref="OperationStatus.Done"/> only, so a frame split across segments decodes the same as a contiguous one.
    /// </summary>
    public static OperationStatus TryRead(ref SequenceReader<byte> reader, out uint value)
    {
        ReadOnlySpan<byte> span = reader.UnreadSpan;
        OperationStatus status;
        int consumed;
        if (span.Length >= MaxBytes32 || span.Length == reader.Remaining)
        {
            status = TryRead(span, out value, out consumed);
        }
        else
        {
            // The value straddles segments: copy the few bytes it can take.
            Span<byte> copy = stackalloc byte[MaxBytes32];
            int available = (int)Math.Min(reader.Remaining, MaxBytes32);
            reader.TryCopyTo(copy[..available]);
            status = TryRead(copy[..available], out value, out consumed);
        }
        if (status == OperationStatus.Done)
        {
            reader.Advance(consumed);
        }
        return status;
    }

    /// <summary>The careful decode of a span shorter than <see cref="MaxBytes32"/>: it may end inside the value.</summary>
    private static OperationStatus ReadShort32(ReadOnlySpan<byte> source, out uint value, out int bytesConsumed)
    {
        uint result = 0;
        for (int i = 0; i < source.Length; i++)
        {
            uint b = source[i];
            result |= (b & 0x7F) << (7 * i);
            if (b < 0x80)
            {
                value = result;
                bytesConsumed = i + 1;
                return b != 0 || i == 0 ? OperationStatus.Done : OperationStatus.InvalidData;
            }
        }
        value = 0;
        bytesConsumed = 0;
        return OperationStatus.NeedMoreData;
    }

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowDestinationTooShort(int needed, int length) =>
        throw new ArgumentException($"The destination has {length} bytes; the value needs {needed}.", "destination");
}
