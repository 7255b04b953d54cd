using System.Text;
using NFX.IO;
using static NFX.Tests.StreamerFormats.Formats.AsciiCases;

namespace NFX.Tests.StreamerFormats.Formats;

/// <summary>
/// The long-string ASCII loops (32 chars a round, the last round overlapping the one before) at every length of their
/// first rounds and around the writer's prefix limits, with a non-ASCII char or byte at every position: each agrees with
/// the UTF-8 encoder, writes nothing outside its range, and gives up (false) on anything that is not ASCII. Then through
/// the writer, whose one- and two-byte length prefixes and general path must give the UTF-8 encoder's bytes, and back
/// through the reader.
/// </summary>
public sealed class LongAsciiTests
{
    // Every length of the first four rounds, then the lengths around the one- and two-byte prefixes' limits.
    private static IEnumerable<int> Lengths =>
        Enumerable.Range(ShortAscii.MaxChars + 1, 4 * 32)
            .Concat([0x7E, 0x7F, 0x80, 1000, 4099, SlimWriter.MaxTwoBytePrefixChars - 1, SlimWriter.MaxTwoBytePrefixChars])
            .Distinct();

    [TestCaseSource(nameof(Lengths))]
    public void Narrow_AsciiOfEveryLength_WritesTheUtf8BytesAndNothingAround(int length)
    {
        string text = Text(length);
        byte[] destination = Guarded(length);

        bool narrowed = LongAscii.TryNarrow(ref ShortAscii.FirstChar(text), length, ref destination[8]);

        Assert.That(narrowed, Is.True);
        Assert.That(destination.AsSpan(8, length).ToArray(), Is.EqualTo(Encoding.UTF8.GetBytes(text)));
        AssertGuards(destination, length);
    }

    [Test]
    public void Narrow_EveryAsciiValueAtEveryPosition_KeepsItsByte()
    {
        // 0x00 and 0x7F included: the saturating pack must keep the whole ASCII range as it is, in both halves of a round.
        foreach (int length in new[] { 33, 64, 95, 128 })
        {
            for (int shift = 0; shift < 128; shift += 8)
            {
                string text = new(Enumerable.Range(0, length).Select(i => (char)((i + shift) % 128)).ToArray());
                byte[] destination = Guarded(length);
                Assert.That(LongAscii.TryNarrow(ref ShortAscii.FirstChar(text), length, ref destination[8]), Is.True);
                Assert.That(destination.AsSpan(8, length).ToArray(), Is.EqualTo(Encoding.ASCII.GetBytes(text)), $"length {length}, shift {shift}");
                AssertGuards(destination, length);
            }
        }
    }

    [TestCaseSource(nameof(Lengths))]
    public void Narrow_ANonAsciiCharAtAnyPosition_IsRefused(int length)
    {
        // Every position of the short lengths; of the long ones, the first and last rounds and a stride through the rest.
        IEnumerable<int> positions = length <= 256
            ? Enumerable.Range(0, length)
            : Enumerable.Range(0, 64).Concat(Enumerable.Range(length - 64, 64)).Concat(Enumerable.Range(0, length / 97).Select(i => i * 97));
        foreach (char odd in new[] { '\u0080', '\u00FF', '\u0100', '\u4E2D', '\u8000', '\uD800', '\uFFFF' })
        {
            foreach (int at in positions)
            {
                char[] chars = Text(length).ToCharArray();
                chars[at] = odd;
                string text = new(chars);
                byte[] destination = Guarded(length);
                Assert.That(LongAscii.TryNarrow(ref ShortAscii.FirstChar(text), length, ref destination[8]), Is.False,
                    $"U+{(int)odd:X4} at {at} of {length}");
                AssertGuards(destination, length);
            }
        }
    }

    [TestCaseSource(nameof(Lengths))]
    public void Widen_AsciiOfEveryLength_WritesTheCharsAndNothingAround(int length)
    {
        string text = Text(length);
        byte[] source = Encoding.UTF8.GetBytes(text);
        char[] destination = GuardedChars(length);

        bool widened = LongAscii.TryWiden(ref source[0], length, ref destination[8]);

        Assert.That(widened, Is.True);
        Assert.That(new string(destination, 8, length), Is.EqualTo(text));
        AssertGuards(destination, length);
    }

    [TestCaseSource(nameof(Lengths))]
    public void Widen_AByteAbove0x7FAtAnyPosition_IsRefused(int length)
    {
        IEnumerable<int> positions = length <= 256
            ? Enumerable.Range(0, length)
            : Enumerable.Range(0, 64).Concat(Enumerable.Range(length - 64, 64)).Concat(Enumerable.Range(0, length / 97).Select(i => i * 97));
        foreach (byte odd in new byte[] { 0x80, 0xC3, 0xFF })
        {
            foreach (int at in positions)
            {
                byte[] source = Encoding.UTF8.GetBytes(Text(length));
                source[at] = odd;
                char[] destination = GuardedChars(length);
                Assert.That(LongAscii.TryWiden(ref source[0], length, ref destination[8]), Is.False, $"0x{odd:X2} at {at} of {length}");
                AssertGuards(destination, length);
            }
        }
    }

    [Test]
    public void StringsAroundThePrefixLimits_ThroughEveryWriterWay_TheUtf8EncodersBytes()
    {
        var strings = new List<string>();
        foreach (int length in Lengths.Append(SlimWriter.MaxTwoBytePrefixChars + 1).Append(20_000))
        {
            strings.Add(Text(length));
            strings.Add(Text(length - 1) + "\u00E9");      // 2-byte UTF-8 at the end
            strings.Add("\u4E2D" + Text(length - 1));      // 3-byte UTF-8 at the start
            strings.Add(Text(length - 2) + "\uD83D\uDE00"); // a surrogate pair
        }
        var expected = new List<byte>();
        foreach (string text in strings)
        {
            byte[] utf8 = Encoding.UTF8.GetBytes(text);
            expected.Add(0x77);
            AppendLeb128(expected, (uint)utf8.Length + 1);
            expected.AddRange(utf8);
        }

        // WriteString (the runtime codecs), WriteTaggedString (the rest of a generated body's string) and TryWriteTaggedAscii
        // (the session's leaf), each on a fresh writer and on one that already holds most of a buffer.
        foreach (int start in new[] { 0, 4000, 16_370 })
        {
            var plain = new SlimWriter();
            var tagged = new SlimWriter();
            var leaf = new SlimWriter();
            byte[] padding = new byte[start];
            foreach (SlimWriter writer in new[] { plain, tagged, leaf })
            {
                writer.WriteRawBytes(padding);
            }
            int leafTook = 0;
            foreach (string text in strings)
            {
                plain.WriteByte(0x77);
                plain.WriteString(text);
                tagged.WriteTaggedString(0x77, text);
                if (leaf.TryWriteTaggedAscii(0x77, text))
                {
                    leafTook++;
                }
                else
                {
                    leaf.WriteTaggedString(0x77, text);
                }
            }
            byte[] want = padding.Concat(expected).ToArray();
            Assert.That(plain.ToArray(), Is.EqualTo(want), $"WriteString after {start} bytes");
            Assert.That(tagged.ToArray(), Is.EqualTo(want), $"WriteTaggedString after {start} bytes");
            Assert.That(leaf.ToArray(), Is.EqualTo(want), $"TryWriteTaggedAscii after {start} bytes");
            Assert.That(leafTook, Is.GreaterThan(strings.Count / 8), "the leaf wrote the ASCII strings it has room for");
        }

        // Read back: ReadString, and TryReadTaggedString (a generated body's read) for the prefixes of up to two bytes.
        var reader = new SlimReader(expected.ToArray());
        var taggedReader = new SlimReader(expected.ToArray());
        foreach (string text in strings)
        {
            Assert.That(reader.ReadByte(), Is.EqualTo(0x77));
            Assert.That(reader.ReadString(), Is.EqualTo(text));
            string? read = taggedReader.TryReadTaggedString(0x77);
            if (read is null)
            {
                Assert.That(taggedReader.ReadByte(), Is.EqualTo(0x77));
                read = taggedReader.ReadString();
            }
            Assert.That(read, Is.EqualTo(text));
        }
    }

    private static void AppendLeb128(List<byte> bytes, uint value)
    {
        for (; value >= 0x80; value >>= 7)
        {
            bytes.Add((byte)(value | 0x80));
        }
        bytes.Add((byte)value);
    }
}
