using System.Buffers;
using NFX.IO;

namespace NFX.Tests.StreamerFormats.Writing;

/// <summary>
/// Slim's writer copies a remembered type entry's bytes (with the handle before it, or alone) through
/// <c>WriteTaggedRawBytes</c>/<c>WriteShortRawBytes</c>, 16-64 bytes by overlapping vector moves: the bytes must be those
/// of WriteByte then WriteRawBytes at every length around the moves' bounds, at every distance from the end of the room,
/// and into a buffer writer, the position right after them.
/// </summary>
public sealed class EntryBytesWriteTests
{
    private static IEnumerable<int> Lengths => Enumerable.Range(0, 81);

    private static byte[] Entry(int length) => Enumerable.Range(0, length).Select(i => (byte)(i * 7 + length)).ToArray();

    [TestCaseSource(nameof(Lengths))]
    public void WriteTaggedRawBytes_EveryLengthAtEveryDistanceFromTheEnd_SameBytesAsByteThenRawBytes(int length) =>
        AssertSameBytesAtEveryDistanceFromTheEnd(length,
            (writer, entry) => { writer.WriteByte(2); writer.WriteRawBytes(entry); },
            (writer, entry) => writer.WriteTaggedRawBytes(2, entry));

    [TestCaseSource(nameof(Lengths))]
    public void WriteShortRawBytes_EveryLengthAtEveryDistanceFromTheEnd_SameBytesAsRawBytes(int length) =>
        AssertSameBytesAtEveryDistanceFromTheEnd(length,
            (writer, entry) => writer.WriteRawBytes(entry),
            (writer, entry) => writer.WriteShortRawBytes(entry));

    /// <summary>
    /// Writes an entry of <paramref name="length"/> bytes after 0-69 bytes into a 16-byte writer, by the plain calls and by
    /// the copying one, then one more byte; the two outputs must be equal.
    /// </summary>
    private static void AssertSameBytesAtEveryDistanceFromTheEnd(int length, Action<SlimWriter, byte[]> plain, Action<SlimWriter, byte[]> copying)
    {
        byte[] entry = Entry(length);
        for (int before = 0; before < 70; before++)
        {
            using var expected = new SlimWriter(16);
            using var actual = new SlimWriter(16);
            for (int i = 0; i < before; i++)
            {
                expected.WriteByte((byte)(0xC0 + i));
                actual.WriteByte((byte)(0xC0 + i));
            }
            plain(expected, entry);
            copying(actual, entry);
            expected.WriteByte(0xAB); // whatever follows lands right after the entry
            actual.WriteByte(0xAB);
            Assert.That(actual.ToArray(), Is.EqualTo(expected.ToArray()), $"{length} bytes after {before}");
        }
    }

    [TestCaseSource(nameof(Lengths))]
    public void EntryBytes_IntoABufferWriter_SameBytes(int length)
    {
        byte[] entry = Entry(length);
        var expectedOutput = new ArrayBufferWriter<byte>(1);
        var actualOutput = new ArrayBufferWriter<byte>(1);
        using (var expected = new SlimWriter(expectedOutput))
        {
            expected.WriteByte(2);
            expected.WriteRawBytes(entry);
            expected.WriteRawBytes(entry);
        }
        using (var actual = new SlimWriter(actualOutput))
        {
            actual.WriteTaggedRawBytes(2, entry);
            actual.WriteShortRawBytes(entry);
        }
        Assert.That(actualOutput.WrittenSpan.ToArray(), Is.EqualTo(expectedOutput.WrittenSpan.ToArray()));
    }
}
