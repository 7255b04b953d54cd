using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace NFX.IO;

public sealed partial class SlimReader
{
    /// <summary>
    /// Reads an array written by <see cref="SlimWriter.WriteBlittableArray{T}"/>: one bulk copy on little-endian machines.
    /// For bool arrays every byte is checked to be 0 or 1.
    /// </summary>
    public T[]? ReadBlittableArray<T>() where T : unmanaged
    {
        int size = Unsafe.SizeOf<T>();
        int length = ReadNullableLength(typeof(T).Name + "[]", size);
        if (length < 0)
        {
            return null;
        }
        if (length == 0)
        {
            return [];
        }
        T[] array = GC.AllocateUninitializedArray<T>(length);
        ReadBlittableSpan<T>(array);
        return array;
    }

    /// <summary>Fills <paramref name="destination"/> with little-endian elements, with no length prefix.</summary>
    public void ReadBlittableSpan<T>(Span<T> destination) where T : unmanaged
    {
        int size = Unsafe.SizeOf<T>();
        int byteCount = checked(destination.Length * size);
        Require(byteCount, typeof(T).Name + " elements");
        var source = new ReadOnlySpan<byte>(_buffer, _pos, byteCount);
        if (typeof(T) == typeof(bool) && source.ContainsAnyExceptInRange((byte)0, (byte)1))
        {
            int bad = source.IndexOfAnyExceptInRange((byte)0, (byte)1);
            ThrowHelper.ThrowFormat($"Boolean byte must be 0 or 1, found 0x{source[bad]:X2}", Position + bad);
        }
        Span<byte> target = MemoryMarshal.AsBytes(destination);
        source.CopyTo(target);
        if (!BitConverter.IsLittleEndian && size > 1)
        {
            SwapInPlace(target, size);
        }
        _pos += byteCount;
    }

    private static void SwapInPlace(Span<byte> bytes, int size)
    {
        switch (size)
        {
            case 2: BinaryPrimitives.ReverseEndianness(MemoryMarshal.Cast<byte, ushort>(bytes), MemoryMarshal.Cast<byte, ushort>(bytes)); break;
            case 4: BinaryPrimitives.ReverseEndianness(MemoryMarshal.Cast<byte, uint>(bytes), MemoryMarshal.Cast<byte, uint>(bytes)); break;
            case 8: BinaryPrimitives.ReverseEndianness(MemoryMarshal.Cast<byte, ulong>(bytes), MemoryMarshal.Cast<byte, ulong>(bytes)); break;
            default: throw new NotSupportedException($"Element size {size} has no little-endian mapping.");
        }
    }
}
