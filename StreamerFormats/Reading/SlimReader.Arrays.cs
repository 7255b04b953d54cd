using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using static NFX.IO.WireCodecs;

namespace NFX.IO;

// Arrays: see SlimWriter.Arrays. The length is checked against the bytes left (at the element type's minimum
// encoded size) before the array is allocated.
public sealed partial class SlimReader
{
    /// <summary>
    /// Reads an array written by <see cref="SlimWriter.WriteBlittableArray{T}"/>: one bulk copy on little-endian machines.
    /// For bool arrays every byte is checked to be 0 or 1.
    /// </summary>
    internal T[]? ReadBlittableArray<T>() where T : unmanaged
    {
        int length = ReadNullableLength(ElementNames<T>.Array, Unsafe.SizeOf<T>());
        if (length < 0)
        {
            return null;
        }
        if (length == 0)
        {
            return new T[0]; // a fresh array, not Array.Empty: arrays are mutable objects whose identity Slim keeps
        }
        return ReadBlittableElements<T>(length);
    }

    /// <summary>
    /// The read-side twin of an inline array's handle and <see cref="SlimWriter.WriteBlittableArray{T}"/> for its common
    /// case, as <see cref="TryReadTaggedString"/> for strings: when the next byte is <paramref name="tag"/> and a non-null
    /// array of fewer than 127 elements follows (a one-byte length prefix) that passes <see cref="ReadNullableLength"/>'s
    /// checks, reads it all and returns it; otherwise reads nothing and returns null, and the caller reads the tag and
    /// the array the general way (which also reports whatever is wrong with them).
    /// </summary>
    internal T[]? TryReadTaggedBlittableArray<T>(byte tag) where T : unmanaged
    {
        int pos = _pos;
        int available = _end - pos;
        if (available >= 2)
        {
            ref byte at = ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(_buffer), (nint)(uint)pos);
            // LEB128(length + 1) in one byte: 0 is the null array, 0x80 and up a longer prefix (the general way).
            int length = Unsafe.Add(ref at, 1) - 1;
            if (at == tag && (uint)length < 0x7F && length <= MaxLength && length * Unsafe.SizeOf<T>() <= available - 2 - _reserved)
            {
                _pos = pos + 2;
                return length == 0 ? new T[0] : ReadBlittableElements<T>(length);
            }
        }
        return null;
    }

    // The elements of an array whose length was read and checked against the bytes buffered (less those reserved).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private T[] ReadBlittableElements<T>(int length) where T : unmanaged
    {
        T[] array = GC.AllocateUninitializedArray<T>(length);
        // The length was checked against the bytes buffered (less those reserved): no second check of the count
        // (ReadBlittableSpan's), only the spans' own.
        CopyElements<T>(new ReadOnlySpan<byte>(_buffer, _pos, length * Unsafe.SizeOf<T>()), MemoryMarshal.AsBytes(new Span<T>(array)));
        return array;
    }

    /// <summary>
    /// Copies the elements at the read position (<paramref name="source"/>, checked against the bytes buffered) into
    /// <paramref name="target"/> and moves past them: bool bytes checked to be 0 or 1, elements swapped on big-endian
    /// machines.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void CopyElements<T>(ReadOnlySpan<byte> source, Span<byte> target) where T : unmanaged
    {
        if (typeof(T) == typeof(bool) && source.ContainsAnyExceptInRange((byte)0, (byte)1))
        {
            int bad = source.IndexOfAnyExceptInRange((byte)0, (byte)1);
            ThrowHelper.ThrowFormat($"Boolean byte must be 0 or 1, found 0x{source[bad]:X2}", Position + bad);
        }
        int byteCount = source.Length;
        if (byteCount is >= sizeof(ulong) and <= 2 * sizeof(ulong))
        {
            // A few elements (a User's three badge counts): two overlapping 8-byte moves instead of a call of Memmove.
            ref byte from = ref MemoryMarshal.GetReference(source);
            ref byte to = ref MemoryMarshal.GetReference(target);
            Unsafe.WriteUnaligned(ref to, Unsafe.ReadUnaligned<ulong>(ref from));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, byteCount - sizeof(ulong)), Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref from, byteCount - sizeof(ulong))));
        }
        else
        {
            source.CopyTo(target);
        }
        if (!BitConverter.IsLittleEndian && Unsafe.SizeOf<T>() > 1)
        {
            SwapInPlace(target, Unsafe.SizeOf<T>());
        }
        _pos += byteCount;
    }

    /// <summary>Fills <paramref name="destination"/> with little-endian elements, with no length prefix.</summary>
    internal void ReadBlittableSpan<T>(Span<T> destination) where T : unmanaged
    {
        int size = Unsafe.SizeOf<T>();
        long byteCount = (long)destination.Length * size;
        if (byteCount > Array.MaxLength)
        {
            ThrowHelper.ThrowTruncated(ElementNames<T>.Elements, Position, byteCount, _end - _pos);
        }
        Require((int)byteCount, ElementNames<T>.Elements);
        CopyElements<T>(new ReadOnlySpan<byte>(_buffer, _pos, (int)byteCount), MemoryMarshal.AsBytes(destination));
    }

    private T[]? ReadArray<T, TCodec>() where TCodec : IWireCodec<T>
    {
        int length = ReadNullableLength(ElementNames<T>.Array, MinWireBytes<T>.Value);
        if (length < 0)
        {
            return null;
        }
        var array = new T[length]; // a fresh array even when empty: identity matters
        for (int i = 0; i < array.Length; i++)
        {
            array[i] = TCodec.Read(this);
        }
        return array;
    }

    private static void SwapInPlace(Span<byte> bytes, int size)
    {
        switch (size)
        {
            case 2: BinaryPrimitives.ReverseEndianness(MemoryMarshal.Cast<byte, ushort>(bytes), MemoryMarshal.Cast<byte, ushort>(bytes)); break;
            case 4: BinaryPrimitives.ReverseEndianness(MemoryMarshal.Cast<byte, uint>(bytes), MemoryMarshal.Cast<byte, uint>(bytes)); break;
            case 8: BinaryPrimitives.ReverseEndianness(MemoryMarshal.Cast<byte, ulong>(bytes), MemoryMarshal.Cast<byte, ulong>(bytes)); break;
            case 16:
                for (int i = 0; i < bytes.Length; i += 16)
                {
                    bytes.Slice(i, 16).Reverse();
                }
                break;
            default: throw new NotSupportedException($"Element size {size} has no little-endian mapping.");
        }
    }

    // Names for error messages, built once per element type instead of per call.
    private static class ElementNames<T>
    {
        public static readonly string Name = typeof(T).Name;
        public static readonly string Array = typeof(T).Name + "[]";
        public static readonly string Elements = typeof(T).Name + " elements";
    }

    // The element's fewest bytes from the native table, looked up once per element type.
    private static class MinWireBytes<T>
    {
        public static readonly int Value = BuiltInNativeTypes.MinBytes(typeof(T));
    }

    /// <summary>Reads a bool[] written by <see cref="SlimWriter.WriteBooleanArray"/>.</summary>
    public bool[]? ReadBooleanArray() => ReadBlittableArray<bool>();

    /// <summary>Reads a sbyte[] written by <see cref="SlimWriter.WriteSByteArray"/>.</summary>
    public sbyte[]? ReadSByteArray() => ReadBlittableArray<sbyte>();

    /// <summary>Reads a char[] written by <see cref="SlimWriter.WriteCharArray"/>.</summary>
    public char[]? ReadCharArray() => ReadBlittableArray<char>();

    /// <summary>Reads a short[] written by <see cref="SlimWriter.WriteInt16Array"/>.</summary>
    public short[]? ReadInt16Array() => ReadBlittableArray<short>();

    /// <summary>Reads a ushort[] written by <see cref="SlimWriter.WriteUInt16Array"/>.</summary>
    public ushort[]? ReadUInt16Array() => ReadBlittableArray<ushort>();

    /// <summary>Reads a int[] written by <see cref="SlimWriter.WriteInt32Array"/>.</summary>
    public int[]? ReadInt32Array() => ReadBlittableArray<int>();

    /// <summary>Reads a uint[] written by <see cref="SlimWriter.WriteUInt32Array"/>.</summary>
    public uint[]? ReadUInt32Array() => ReadBlittableArray<uint>();

    /// <summary>Reads a long[] written by <see cref="SlimWriter.WriteInt64Array"/>.</summary>
    public long[]? ReadInt64Array() => ReadBlittableArray<long>();

    /// <summary>Reads a ulong[] written by <see cref="SlimWriter.WriteUInt64Array"/>.</summary>
    public ulong[]? ReadUInt64Array() => ReadBlittableArray<ulong>();

    /// <summary>Reads a Int128[] written by <see cref="SlimWriter.WriteInt128Array"/>.</summary>
    public Int128[]? ReadInt128Array() => ReadBlittableArray<Int128>();

    /// <summary>Reads a UInt128[] written by <see cref="SlimWriter.WriteUInt128Array"/>.</summary>
    public UInt128[]? ReadUInt128Array() => ReadBlittableArray<UInt128>();

    /// <summary>Reads a Half[] written by <see cref="SlimWriter.WriteHalfArray"/>.</summary>
    public Half[]? ReadHalfArray() => ReadBlittableArray<Half>();

    /// <summary>Reads a float[] written by <see cref="SlimWriter.WriteSingleArray"/>.</summary>
    public float[]? ReadSingleArray() => ReadBlittableArray<float>();

    /// <summary>Reads a double[] written by <see cref="SlimWriter.WriteDoubleArray"/>.</summary>
    public double[]? ReadDoubleArray() => ReadBlittableArray<double>();

    /// <summary>Reads a Guid[] written by <see cref="SlimWriter.WriteGuidArray"/>.</summary>
    public Guid[]? ReadGuidArray() => BitConverter.IsLittleEndian ? ReadBlittableArray<Guid>() : ReadArray<Guid, GuidCodec>();

    /// <summary>Reads a decimal[] written by <see cref="SlimWriter.WriteDecimalArray"/>.</summary>
    public decimal[]? ReadDecimalArray() => ReadArray<decimal, DecimalCodec>();

    /// <summary>Reads a BigInteger[] written by <see cref="SlimWriter.WriteBigIntegerArray"/>.</summary>
    public BigInteger[]? ReadBigIntegerArray() => ReadArray<BigInteger, BigIntegerCodec>();

    /// <summary>Reads a DateTime[] written by <see cref="SlimWriter.WriteDateTimeArray"/>.</summary>
    public DateTime[]? ReadDateTimeArray() => ReadArray<DateTime, DateTimeCodec>();

    /// <summary>Reads a DateTimeOffset[] written by <see cref="SlimWriter.WriteDateTimeOffsetArray"/>.</summary>
    public DateTimeOffset[]? ReadDateTimeOffsetArray() => ReadArray<DateTimeOffset, DateTimeOffsetCodec>();

    /// <summary>Reads a TimeSpan[] written by <see cref="SlimWriter.WriteTimeSpanArray"/>.</summary>
    public TimeSpan[]? ReadTimeSpanArray() => ReadArray<TimeSpan, TimeSpanCodec>();

    /// <summary>Reads a DateOnly[] written by <see cref="SlimWriter.WriteDateOnlyArray"/>.</summary>
    public DateOnly[]? ReadDateOnlyArray() => ReadArray<DateOnly, DateOnlyCodec>();

    /// <summary>Reads a TimeOnly[] written by <see cref="SlimWriter.WriteTimeOnlyArray"/>.</summary>
    public TimeOnly[]? ReadTimeOnlyArray() => ReadArray<TimeOnly, TimeOnlyCodec>();
}
