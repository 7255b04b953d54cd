using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace NFX.IO;

public sealed partial class SlimWriter
{
    /// <summary>
    /// Writes an array of a fixed-width primitive (1, 2, 4 or 8 bytes) as LEB128(length + 1) then every element's
    /// little-endian bytes back to back: one bulk copy on little-endian machines. 0 stands for null.
    /// </summary>
    public void WriteBlittableArray<T>(T[]? array) where T : unmanaged
    {
        if (array is null)
        {
            WriteByte(0);
            return;
        }
        WriteVarUInt32((uint)array.Length + 1);
        WriteBlittableSpan<T>(array);
    }

    /// <summary>Writes the elements of <paramref name="values"/> as little-endian bytes, with no length prefix.</summary>
    public void WriteBlittableSpan<T>(ReadOnlySpan<T> values) where T : unmanaged
    {
        ReadOnlySpan<byte> bytes = MemoryMarshal.AsBytes(values);
        if (BitConverter.IsLittleEndian || Unsafe.SizeOf<T>() == 1)
        {
            WriteRawBytes(bytes);
            return;
        }
        WriteSwappedBytes<T>(bytes);
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
                default: throw new NotSupportedException($"Element size {size} has no little-endian mapping.");
            }
        }
    }
}
