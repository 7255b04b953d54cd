using NFX.IO;
using NFX.Slim;
using NFX.Tests.StreamerFormats.Infrastructure;

namespace NFX.Tests.StreamerFormats.Reading;

/// <summary>
/// Arrays of plain elements are copied once their length passed the reader's check, those of 8 to 16 bytes with two
/// overlapping 8-byte moves: every length around those sizes reads back exactly and leaves the reader just past the
/// array, from every kind of input; a cut array and a bad Boolean are still refused.
/// </summary>
public sealed class BlittableArrayReadTests
{
    private static IEnumerable<ReaderShape> Shapes => [ReaderShape.ByteArray, ReaderShape.ArraySlice, ReaderShape.OneByteStream];

    private const int Sentinel = 42; // one byte on the wire

    private static byte[] Message(Action<SlimWriter> write)
    {
        var writer = new SlimWriter(64);
        write(writer);
        writer.WriteInt32(Sentinel);
        return writer.ToArray();
    }

    private static void ReadsBack<T>(ReaderShape shape, T[] value, Action<SlimWriter, T[]> write, Func<SlimReader, T[]?> read)
    {
        using SlimReader reader = BufferShapes.Open(shape, Message(w => write(w, value)));
        T[]? copy = read(reader);
        Assert.That(copy, Is.EqualTo(value), $"{typeof(T).Name}[{value.Length}]");
        Assert.That(reader.ReadInt32(), Is.EqualTo(Sentinel), $"the byte after {typeof(T).Name}[{value.Length}]");
    }

    [TestCaseSource(nameof(Shapes))]
    public void Read_EveryLengthAroundTwoMoves_ReadsBackAndEndsAfterTheArray(ReaderShape shape)
    {
        for (int length = 0; length <= 9; length++)
        {
            int[] ints = [.. Enumerable.Range(1, length).Select(i => i * -1_000_003)];
            ReadsBack(shape, ints, (w, v) => w.WriteInt32Array(v), r => r.ReadInt32Array());
            long[] longs = [.. Enumerable.Range(1, length).Select(i => i * -1_000_000_000_007L)];
            ReadsBack(shape, longs, (w, v) => w.WriteInt64Array(v), r => r.ReadInt64Array());
            short[] shorts = [.. Enumerable.Range(1, length * 2).Select(i => (short)(i * -1_001))];
            ReadsBack(shape, shorts, (w, v) => w.WriteInt16Array(v), r => r.ReadInt16Array());
            bool[] bools = [.. Enumerable.Range(1, length * 2).Select(i => i % 3 == 0)];
            ReadsBack(shape, bools, (w, v) => w.WriteBooleanArray(v), r => r.ReadBooleanArray());
        }
    }

    [TestCaseSource(nameof(Shapes))]
    public void Read_CutAnywhere_Refuses(ReaderShape shape)
    {
        foreach (int length in new[] { 2, 3, 4 })
        {
            byte[] bytes = Message(w => w.WriteInt32Array([.. Enumerable.Range(1, length)]));
            int arrayBytes = bytes.Length - 1;
            for (int cut = 0; cut < arrayBytes; cut++)
            {
                using SlimReader reader = BufferShapes.Open(shape, bytes[..cut]);
                Assert.Throws<SlimFormatException>(() => reader.ReadInt32Array(), $"Int32[{length}] cut at {cut}");
            }
        }
    }

    [TestCaseSource(nameof(Shapes))]
    public void Read_BooleanNeitherZeroNorOne_Refuses(ReaderShape shape)
    {
        for (int length = 8; length <= 16; length++)
        {
            byte[] bytes = Message(w => w.WriteBooleanArray(new bool[length]));
            bytes[1 + length - 1] = 2; // the last element (after the one-byte length)
            using SlimReader reader = BufferShapes.Open(shape, bytes);
            SlimFormatException ex = Assert.Throws<SlimFormatException>(() => reader.ReadBooleanArray())!;
            Assert.That(ex.Message, Does.Contain("Boolean byte must be 0 or 1"));
        }
    }
}
