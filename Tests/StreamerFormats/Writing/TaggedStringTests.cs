using System.Buffers;
using NFX.IO;

namespace NFX.Tests.StreamerFormats.Writing;

/// <summary>
/// Slim's generated code writes a reference handle and an inline string with one call: the bytes must be exactly those
/// of WriteByte then WriteString, on the fast path and on every way off it (non-ASCII, no room left, other sinks).
/// </summary>
public sealed class TaggedStringTests
{
    private static readonly string[] s_values =
    [
        "", "a", "Esq.", new string('x', 126), new string('y', 127), new string('z', 5000), "naïve café", "日本語", "\ud800 lone", "ascii then é",
        new string('p', 7), new string('q', 8), new string('r', 16), new string('s', 17), new string('t', 32), new string('u', 33),
        new string('v', 125), new string('w', 31) + "é", new string('x', 32) + "é", new string('y', 100) + "é", new string('z', 126) + "é",
    ];

    [Test]
    public void WriteTaggedString_EveryKindOfString_SameBytesAsByteThenString()
    {
        foreach (string value in s_values)
        {
            // Offsets 0..40 in a small first buffer put the string at every distance from the end of the room.
            for (int before = 0; before < 40; before++)
            {
                using var expected = new SlimWriter(16);
                using var actual = new SlimWriter(16);
                for (int i = 0; i < before; i++)
                {
                    expected.WriteByte((byte)i);
                    actual.WriteByte((byte)i);
                }
                expected.WriteByte(1);
                expected.WriteString(value);
                actual.WriteTaggedString(1, value);
                expected.WriteByte(0xAB); // whatever follows lands right after the string
                actual.WriteByte(0xAB);
                Assert.That(actual.ToArray(), Is.EqualTo(expected.ToArray()), $"'{value}' after {before} byte(s)");
            }
        }
    }

    [Test]
    public void WriteTaggedString_IntoABufferWriter_SameBytesAsByteThenString()
    {
        foreach (string value in s_values)
        {
            var expectedOutput = new ArrayBufferWriter<byte>(1);
            var actualOutput = new ArrayBufferWriter<byte>(1);
            using (var expected = new SlimWriter(expectedOutput))
            {
                expected.WriteByte(1);
                expected.WriteString(value);
            }
            using (var actual = new SlimWriter(actualOutput))
            {
                actual.WriteTaggedString(1, value);
            }
            Assert.That(actualOutput.WrittenSpan.ToArray(), Is.EqualTo(expectedOutput.WrittenSpan.ToArray()), value);
        }
    }
}
