using System.Buffers.Binary;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using static NFX.IO.WireCodecs;

namespace NFX.IO;

// Arrays: LEB128(length + 1) (0 = null), then the elements. Fixed-width primitives are copied in bulk as
// little-endian bytes; types whose scalar encoding is variable-length or validated are written element by element.
public sealed partial class SlimWriter
{
    /// <summary>
    /// Writes an array of a fixed-width primitive (1, 2, 4, 8 or 16 bytes) as LEB128(length + 1) then every element's
    /// little-endian bytes back to back: one bulk copy on little-endian machines. 0 stands for null.
    /// </summary>
    internal void WriteBlittableArray<T>(T[]? array) where T : unmanaged
    {
        if (array is null)
        {
            WriteByte(0);
            return;
        }
        // A short array (up to 16 bytes: a few counts, a point) with room for all: its one-byte prefix and its bytes with
        // one room check, the bytes in two moves instead of a call to copy them.
        int length = array.Length;
        if (BitConverter.IsLittleEndian && (uint)length <= 16 / Unsafe.SizeOf<T>() && _end - _pos >= 1 + 16)
        {
            ref byte cursor = ref Cursor;
            cursor = (byte)(length + 1);
            int count = length * Unsafe.SizeOf<T>();
            CopyShort(ref Unsafe.Add(ref cursor, 1), ref Unsafe.As<T, byte>(ref MemoryMarshal.GetArrayDataReference(array)), count);
            _pos += 1 + count;
            return;
        }
        WriteVarUInt32((uint)length + 1);
        long byteLength = (long)length * Unsafe.SizeOf<T>();
        if (byteLength <= int.MaxValue && ShouldDefer((int)byteLength))
        {
            Defer(array, (int)byteLength);
            return;
        }
        WriteBlittableSpan<T>(array);
    }

    /// <summary>
    /// Copies <paramref name="count"/> bytes, at most 16, from <paramref name="source"/> to <paramref name="destination"/>:
    /// the first and the last 8 (or 4) bytes, overlapping in the middle, never reading or writing outside the range.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CopyShort(ref byte destination, ref byte source, int count)
    {
        Debug.Assert((uint)count <= 16);
        if (count >= 8)
        {
            ulong first = Unsafe.ReadUnaligned<ulong>(ref source);
            ulong last = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, count - 8));
            Unsafe.WriteUnaligned(ref destination, first);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, count - 8), last);
        }
        else if (count >= 4)
        {
            uint first = Unsafe.ReadUnaligned<uint>(ref source);
            uint last = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, count - 4));
            Unsafe.WriteUnaligned(ref destination, first);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, count - 4), last);
        }
        else if (count != 0)
        {
            // 1 to 3 bytes: the first, the middle and the last (some the same).
            destination = source;
            Unsafe.Add(ref destination, count >> 1) = Unsafe.Add(ref source, count >> 1);
            Unsafe.Add(ref destination, count - 1) = Unsafe.Add(ref source, count - 1);
        }
    }

    /// <summary>Writes the elements of <paramref name="values"/> as little-endian bytes, with no length prefix.</summary>
    internal void WriteBlittableSpan<T>(ReadOnlySpan<T> values) where T : unmanaged
    {
        ReadOnlySpan<byte> bytes = MemoryMarshal.AsBytes(values);
        if (BitConverter.IsLittleEndian || Unsafe.SizeOf<T>() == 1)
        {
            WriteRawBytes(bytes);
            return;
        }
        WriteSwappedBytes<T>(bytes);
    }

    private void WriteArray<T, TCodec>(T[]? array) where TCodec : IWireCodec<T>
    {
        if (array is null)
        {
            WriteByte(0);
            return;
        }
        WriteVarUInt32((uint)array.Length + 1);
        foreach (T item in array)
        {
            TCodec.Write(this, item);
        }
    }

    // Big-endian machines: swap element by element into the buffer.
    private void WriteSwappedBytes<T>(ReadOnlySpan<byte> bytes) where T : unmanaged
    {
        int size = Unsafe.SizeOf<T>();
        for (int i = 0; i < bytes.Length; i += size)
        {
            ReadOnlySpan<byte> element = bytes.Slice(i, size);
            switch (size)
            {
                case 2: WriteFixed16(BinaryPrimitives.ReadUInt16BigEndian(element)); break;
                case 4: WriteFixed32(BinaryPrimitives.ReadUInt32BigEndian(element)); break;
                case 8: WriteFixed64(BinaryPrimitives.ReadUInt64BigEndian(element)); break;
                case 16:
                    WriteFixed64(BinaryPrimitives.ReadUInt64BigEndian(element[8..]));
                    WriteFixed64(BinaryPrimitives.ReadUInt64BigEndian(element));
                    break;
                default: throw new NotSupportedException($"Element size {size} has no little-endian mapping.");
            }
        }
    }

    /// <summary>Writes a bool[]: LEB128(length + 1) (0 = null), then 1 byte (0 or 1) per element, little-endian, in one bulk copy.</summary>
    public void WriteBooleanArray(bool[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a sbyte[]: LEB128(length + 1) (0 = null), then 1 byte per element, little-endian, in one bulk copy.</summary>
    public void WriteSByteArray(sbyte[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a char[]: LEB128(length + 1) (0 = null), then 2 bytes (UTF-16 code unit) per element, little-endian, in one bulk copy.</summary>
    public void WriteCharArray(char[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a short[]: LEB128(length + 1) (0 = null), then 2 bytes per element, little-endian, in one bulk copy.</summary>
    public void WriteInt16Array(short[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a ushort[]: LEB128(length + 1) (0 = null), then 2 bytes per element, little-endian, in one bulk copy.</summary>
    public void WriteUInt16Array(ushort[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a int[]: LEB128(length + 1) (0 = null), then 4 bytes per element, little-endian, in one bulk copy.</summary>
    public void WriteInt32Array(int[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a uint[]: LEB128(length + 1) (0 = null), then 4 bytes per element, little-endian, in one bulk copy.</summary>
    public void WriteUInt32Array(uint[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a long[]: LEB128(length + 1) (0 = null), then 8 bytes per element, little-endian, in one bulk copy.</summary>
    public void WriteInt64Array(long[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a ulong[]: LEB128(length + 1) (0 = null), then 8 bytes per element, little-endian, in one bulk copy.</summary>
    public void WriteUInt64Array(ulong[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a Int128[]: LEB128(length + 1) (0 = null), then 16 bytes per element, little-endian, in one bulk copy.</summary>
    public void WriteInt128Array(Int128[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a UInt128[]: LEB128(length + 1) (0 = null), then 16 bytes per element, little-endian, in one bulk copy.</summary>
    public void WriteUInt128Array(UInt128[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a Half[]: LEB128(length + 1) (0 = null), then 2 bytes (IEEE 754) per element, little-endian, in one bulk copy.</summary>
    public void WriteHalfArray(Half[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a float[]: LEB128(length + 1) (0 = null), then 4 bytes (IEEE 754) per element, little-endian, in one bulk copy.</summary>
    public void WriteSingleArray(float[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a double[]: LEB128(length + 1) (0 = null), then 8 bytes (IEEE 754) per element, little-endian, in one bulk copy.</summary>
    public void WriteDoubleArray(double[]? value) => WriteBlittableArray(value);

    /// <summary>Writes a Guid[]: LEB128(length + 1) (0 = null), then 16 bytes per element as <see cref="WriteGuid"/> writes them.</summary>
    public void WriteGuidArray(Guid[]? value)
    {
        // Guid's in-memory layout equals its wire layout only on little-endian machines.
        if (BitConverter.IsLittleEndian)
        {
            WriteBlittableArray(value);
        }
        else
        {
            WriteArray<Guid, GuidCodec>(value);
        }
    }

    /// <summary>Writes a decimal[]: LEB128(length + 1) (0 = null), then each element as <see cref="WriteDecimal"/> writes it.</summary>
    public void WriteDecimalArray(decimal[]? value) => WriteArray<decimal, DecimalCodec>(value);

    /// <summary>Writes a BigInteger[]: LEB128(length + 1) (0 = null), then each element as <see cref="WriteBigInteger"/> writes it.</summary>
    public void WriteBigIntegerArray(BigInteger[]? value) => WriteArray<BigInteger, BigIntegerCodec>(value);

    /// <summary>Writes a DateTime[]: LEB128(length + 1) (0 = null), then each element as <see cref="WriteDateTime"/> writes it.</summary>
    public void WriteDateTimeArray(DateTime[]? value) => WriteArray<DateTime, DateTimeCodec>(value);

    /// <summary>Writes a DateTimeOffset[]: LEB128(length + 1) (0 = null), then each element as <see cref="WriteDateTimeOffset"/> writes it.</summary>
    public void WriteDateTimeOffsetArray(DateTimeOffset[]? value) => WriteArray<DateTimeOffset, DateTimeOffsetCodec>(value);

    /// <summary>Writes a TimeSpan[]: LEB128(length + 1) (0 = null), then each element as <see cref="WriteTimeSpan"/> writes it.</summary>
    public void WriteTimeSpanArray(TimeSpan[]? value) => WriteArray<TimeSpan, TimeSpanCodec>(value);

    /// <summary>Writes a DateOnly[]: LEB128(length + 1) (0 = null), then each element as <see cref="WriteDateOnly"/> writes it.</summary>
    public void WriteDateOnlyArray(DateOnly[]? value) => WriteArray<DateOnly, DateOnlyCodec>(value);

    /// <summary>Writes a TimeOnly[]: LEB128(length + 1) (0 = null), then each element as <see cref="WriteTimeOnly"/> writes it.</summary>
    public void WriteTimeOnlyArray(TimeOnly[]? value) => WriteArray<TimeOnly, TimeOnlyCodec>(value);
}
