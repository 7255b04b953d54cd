using System.Runtime.InteropServices;
using NFX.IO;

namespace NFX.Tests.StreamerFormats.Writing;

/// <summary>
/// Arrays of up to 16 bytes are written with their one-byte prefix under one room check and copied in two moves (or
/// three single bytes): every length around those sizes, of every element size, must give the prefix and the elements'
/// little-endian bytes and leave the writer just past them, whether the buffer had room for the short way or not.
/// </summary>
public sealed class BlittableArrayWriteTests
{
    private const byte Sentinel = 0x5A;

    private static void WritesExactly<T>(T[] value, Action<SlimWriter, T[]> write) where T : unmanaged
    {
        byte[] expected = [.. Prefix(value.Length + 1), .. MemoryMarshal.AsBytes(value.AsSpan()).ToArray(), Sentinel];
        // 64 bytes of room take the short way for up to 16 bytes; a 16-byte buffer does not (a byte short of prefix and
        // bytes), nor does a writer that wrote 50 bytes of 64 already.
        foreach ((int capacity, int before) in new[] { (64, 0), (16, 0), (64, 50) })
        {
            using var writer = new SlimWriter(capacity);
            for (int i = 0; i < before; i++)
            {
                writer.WriteByte(7);
            }
            write(writer, value);
            writer.WriteByte(Sentinel);
            Assert.That(writer.WrittenSpan[before..].ToArray(), Is.EqualTo(expected), $"{typeof(T).Name}[{value.Length}], capacity {capacity}, after {before} bytes");
        }
    }

    private static byte[] Prefix(int value)
    {
        var bytes = new List<byte>();
        for (; value >= 0x80; value >>= 7)
        {
            bytes.Add((byte)(value | 0x80));
        }
        bytes.Add((byte)value);
        return [.. bytes];
    }

    [Test]
    public void Write_EveryLengthAroundSixteenBytes_PrefixThenTheBytesAndNothingMore()
    {
        for (int length = 0; length <= 18; length++)
        {
            WritesExactly([.. Enumerable.Range(1, length).Select(i => i % 3 == 0)], (w, v) => w.WriteBooleanArray(v));
            WritesExactly([.. Enumerable.Range(1, length).Select(i => (short)(i * -1_001))], (w, v) => w.WriteInt16Array(v));
            WritesExactly([.. Enumerable.Range(1, length).Select(i => (char)(0x3B1 + i))], (w, v) => w.WriteCharArray(v));
            WritesExactly([.. Enumerable.Range(1, length).Select(i => i * -1_000_003)], (w, v) => w.WriteInt32Array(v));
            WritesExactly([.. Enumerable.Range(1, length).Select(i => i * 0.1f)], (w, v) => w.WriteSingleArray(v));
            WritesExactly([.. Enumerable.Range(1, length).Select(i => i * -1_000_000_000_007L)], (w, v) => w.WriteInt64Array(v));
            WritesExactly([.. Enumerable.Range(1, length).Select(i => i / 7.0)], (w, v) => w.WriteDoubleArray(v));
            WritesExactly([.. Enumerable.Range(1, length).Select(i => (Int128)i << 70 | (uint)i)], (w, v) => w.WriteInt128Array(v));
        }
    }

    [Test]
    public void Write_NullAndEmpty_OneByteEach()
    {
        using var writer = new SlimWriter(64);
        writer.WriteInt32Array(null);
        writer.WriteInt32Array([]);
        writer.WriteByte(Sentinel);
        Assert.That(writer.WrittenSpan.ToArray(), Is.EqualTo(new byte[] { 0, 1, Sentinel }));
    }
}
