using System.Buffers.Binary;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace NFX.IO;

/// <summary>
/// The reading side of <see cref="UnsafeRunWrites"/>: a code generator that found at least a run's most bytes left
/// (<see cref="SlimReader.TryBeginRun"/>) reads the run's fields with these, keeping the position in a local, and
/// stores it once (<see cref="SlimReader.EndRun"/>). The common short encodings (one- and two-byte varints, fixed-width
/// values, varints whose bytes are all buffered) are decoded here; anything malformed or out of range goes back through the reader's own <c>ReadX</c> at the same
/// position, which decodes it or reports exactly what is wrong and where - so nothing the reader refuses gets through a run.
/// </summary>
/// <remarks>
/// Unsafe: no method checks its buffer's bounds, and a read past them reads memory that is not the buffer's. Public for
/// the code the NFX.Slim source generator writes (the runs of a generated class body), not for hand-written code. The
/// caller must guarantee, for every call, that <c>buffer</c> is the reader's <see cref="SlimReader.RunBuffer"/>, that
/// <c>pos</c> is the position <see cref="SlimReader.TryBeginRun"/> returned (not -1) or the previous call of the run
/// left, and that the most bytes of every value read since <see cref="SlimReader.TryBeginRun"/>, this one included
/// (each row's <see cref="NativeTypeCodec.RunMaxBytes"/>), add up to no more than the bytes that call found buffered.
/// The values themselves are checked as the reader's own <c>ReadX</c> checks them (hostile bytes are refused the same way).
/// </remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class UnsafeRunReads
{
    /// <summary>The ticks of a DateTime on the wire: bits 0..61 (the Kind is in 62..63).</summary>
    internal const ulong DateTimeTicksMask = (1UL << 62) - 1;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ref byte At(byte[] buffer, int pos) => ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(buffer), (nint)(uint)pos);

    /// <summary>0 or 1; any other byte is reported by the reader.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Boolean(SlimReader reader, byte[] buffer, ref int pos)
    {
        byte b = At(buffer, pos);
        if (b > 1)
        {
            bool value = Slow(reader, pos, static r => r.ReadBoolean());
            pos = reader.RunPosition;
            return value;
        }
        pos++;
        return b != 0;
    }

    /// <summary>The presence byte of a built-in nullable of <paramref name="what"/>: 0 or 1, as <see cref="SlimReader.ReadPresence"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Presence(SlimReader reader, byte[] buffer, ref int pos, string what)
    {
        byte b = At(buffer, pos);
        if (b > 1)
        {
            bool present = PresenceSlow(reader, pos, what);
            pos = reader.RunPosition;
            return present;
        }
        pos++;
        return b != 0;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool PresenceSlow(SlimReader reader, int pos, string what)
    {
        reader.EndRun(pos);
        return reader.ReadPresence(what);
    }

    /// <summary>One byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static byte Byte(SlimReader reader, byte[] buffer, ref int pos) => At(buffer, pos++);

    /// <summary>One byte, two's complement.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static sbyte SByte(SlimReader reader, byte[] buffer, ref int pos) => (sbyte)At(buffer, pos++);

    /// <summary>LEB128 of a UTF-16 code unit.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static char Char(SlimReader reader, byte[] buffer, ref int pos)
    {
        if (TryShort(buffer, ref pos, out uint v))
        {
            return (char)v;
        }
        char value = Slow(reader, pos, static r => r.ReadChar());
        pos = reader.RunPosition;
        return value;
    }

    /// <summary>ZigZag + LEB128, in range of a short.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static short Int16(SlimReader reader, byte[] buffer, ref int pos)
    {
        if (TryShort(buffer, ref pos, out uint v))
        {
            return (short)VarInt.UnZigZag(v);
        }
        short value = Slow(reader, pos, static r => r.ReadInt16());
        pos = reader.RunPosition;
        return value;
    }

    /// <summary>LEB128, in range of a ushort.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ushort UInt16(SlimReader reader, byte[] buffer, ref int pos)
    {
        if (TryShort(buffer, ref pos, out uint v))
        {
            return (ushort)v;
        }
        ushort value = Slow(reader, pos, static r => r.ReadUInt16());
        pos = reader.RunPosition;
        return value;
    }

    /// <summary>ZigZag + LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Int32(SlimReader reader, byte[] buffer, ref int pos) => VarInt.UnZigZag(UInt32(reader, buffer, ref pos));

    /// <summary>LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint UInt32(SlimReader reader, byte[] buffer, ref int pos)
    {
        if (TryShort(buffer, ref pos, out uint v))
        {
            return v;
        }
        (uint value, pos) = UInt32Long(reader, buffer, pos);
        return value;
    }

    /// <summary>
    /// A varint of 3 to 5 bytes (the field's most bytes are buffered: the run's reservation) or a malformed one, which
    /// the reader reports: the value and the run's position after it (both in registers, so the caller's position does
    /// not live in memory).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static (uint Value, int Next) UInt32Long(SlimReader reader, byte[] buffer, int pos)
    {
        // One 8-byte load where the array has them: bytes past the run's reservation only matter to a value longer than
        // 5 bytes, which the decoder refuses (and the reader then reports) either way.
        if (buffer.Length - pos >= sizeof(ulong))
        {
            int n = VarInt.Read32Multi8(ref At(buffer, pos), out uint value);
            if (n != 0)
            {
                return (value, pos + n);
            }
        }
        return UInt32Near(reader, buffer, pos);
    }

    /// <summary><see cref="UInt32Long"/> near the array's end, or a malformed value (the reader reports it).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static (uint Value, int Next) UInt32Near(SlimReader reader, byte[] buffer, int pos)
    {
        int n = VarInt.Read32Multi(ref At(buffer, pos), out uint value);
        if (n != 0)
        {
            return (value, pos + n);
        }
        reader.EndRun(pos);
        value = reader.ReadUInt32();
        return (value, reader.RunPosition);
    }

    /// <summary>ZigZag + LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long Int64(SlimReader reader, byte[] buffer, ref int pos) => VarInt.UnZigZag(UInt64(reader, buffer, ref pos));

    /// <summary>LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong UInt64(SlimReader reader, byte[] buffer, ref int pos)
    {
        if (TryShort(buffer, ref pos, out uint v))
        {
            return v;
        }
        (ulong value, pos) = UInt64Long(reader, buffer, pos);
        return value;
    }

    /// <summary>A varint of 3 to 10 bytes or a malformed one, as <see cref="UInt32Long"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static (ulong Value, int Next) UInt64Long(SlimReader reader, byte[] buffer, int pos)
    {
        int n = VarInt.Read64Multi(ref At(buffer, pos), out ulong value);
        if (n != 0)
        {
            return (value, pos + n);
        }
        reader.EndRun(pos);
        value = reader.ReadUInt64();
        return (value, reader.RunPosition);
    }

    /// <summary>Ticks, ZigZag + LEB128.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TimeSpan TimeSpan(SlimReader reader, byte[] buffer, ref int pos) => new(Int64(reader, buffer, ref pos));

    /// <summary>2 IEEE 754 bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Half Half(SlimReader reader, byte[] buffer, ref int pos) => BitConverter.UInt16BitsToHalf(Fixed16(buffer, ref pos));

    /// <summary>4 IEEE 754 bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static float Single(SlimReader reader, byte[] buffer, ref int pos) => BitConverter.UInt32BitsToSingle(Fixed32(buffer, ref pos));

    /// <summary>8 IEEE 754 bytes, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static double Double(SlimReader reader, byte[] buffer, ref int pos) => BitConverter.UInt64BitsToDouble(Fixed64(buffer, ref pos));

    /// <summary>16 bytes in <see cref="Guid.TryWriteBytes(Span{byte})"/> order.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Guid Guid(SlimReader reader, byte[] buffer, ref int pos)
    {
        var value = new Guid(MemoryMarshal.CreateReadOnlySpan(ref At(buffer, pos), 16));
        pos += 16;
        return value;
    }

    /// <summary>8 bytes: ticks in bits 0..61 (at most DateTime.MaxValue's), the Kind (0..2) in bits 62..63.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static DateTime DateTime(SlimReader reader, byte[] buffer, ref int pos)
    {
        if (!TryDateTime(UnsafeReadFixed64(buffer, pos), out DateTime value))
        {
            value = Slow(reader, pos, static r => r.ReadDateTime());
            pos = reader.RunPosition;
            return value;
        }
        pos += 8;
        return value;
    }

    /// <summary>
    /// The DateTime in <paramref name="raw"/> (ticks in bits 0..61, Kind in 62..63); false when the ticks pass
    /// DateTime.MaxValue's or the Kind is 3 (the reader reports which).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryDateTime(ulong raw, out DateTime value)
    {
        ulong ticks = raw & DateTimeTicksMask;
        int kind = (int)(raw >> 62);
        if (ticks > (ulong)System.DateTime.MaxValue.Ticks || kind > (int)DateTimeKind.Local)
        {
            value = default;
            return false;
        }
        value = new DateTime((long)ticks, (DateTimeKind)kind);
        return true;
    }

    // Decimal, DateTimeOffset, DateOnly and TimeOnly have no run reader: their checks are the reader's, and a field of
    // one of them ends a read run (the bytes do not depend on it).

    /// <summary>
    /// <see cref="VarInt.ReadShort"/> at the run's position: a varint field's most bytes (at least 2) are buffered.
    /// Values this short fit every integer type, so only the reader's longer decodings need range checks.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryShort(byte[] buffer, ref int pos, out uint value)
    {
        int n = VarInt.ReadShort(ref At(buffer, pos), 2, out value);
        pos += n;
        return n != 0;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ushort Fixed16(byte[] buffer, ref int pos)
    {
        ushort value = Unsafe.ReadUnaligned<ushort>(ref At(buffer, pos));
        pos += 2;
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static uint Fixed32(byte[] buffer, ref int pos)
    {
        uint value = Unsafe.ReadUnaligned<uint>(ref At(buffer, pos));
        pos += 4;
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong UnsafeReadFixed64(byte[] buffer, int pos)
    {
        ulong value = Unsafe.ReadUnaligned<ulong>(ref At(buffer, pos));
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong Fixed64(byte[] buffer, ref int pos)
    {
        ulong value = Unsafe.ReadUnaligned<ulong>(ref At(buffer, pos));
        pos += 8;
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    /// <summary>
    /// The reader's own decoding at the run's position <paramref name="pos"/> (the malformed cases); the run goes on from
    /// the reader's position after it. The position is passed by value: a run's position passed by reference to a call
    /// that is not inlined would live in memory for the whole generated body.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static T Slow<T>(SlimReader reader, int pos, Func<SlimReader, T> read)
    {
        reader.EndRun(pos);
        return read(reader);
    }
}
