using System.Text;
using NFX.IO;
using static NFX.Tests.StreamerFormats.Formats.AsciiCases;

namespace NFX.Tests.StreamerFormats.Formats;

/// <summary>
/// The short-string ASCII paths (overlapping vector loads and stores) at every length they take, with a non-ASCII char
/// at every position: each agrees with the UTF-8 encoder, writes nothing outside its range, and gives up (false) on
/// anything that is not ASCII. Then through the writer and reader, whose general path must take over.
/// </summary>
public sealed class ShortAsciiTests
{
    private static IEnumerable<int> Lengths => Enumerable.Range(0, ShortAscii.MaxChars + 1);

    [TestCaseSource(nameof(Lengths))]
    public void Narrow_AsciiOfEveryLength_WritesTheUtf8BytesAndNothingAround(int length)
    {
        string text = Text(length);
        byte[] destination = Guarded(length);

        bool narrowed = ShortAscii.TryNarrow(ref ShortAscii.FirstChar(text), length, ref destination[8]);

        Assert.That(narrowed, Is.True);
        Assert.That(destination.AsSpan(8, length).ToArray(), Is.EqualTo(Encoding.UTF8.GetBytes(text)));
        AssertGuards(destination, length);
    }

    [TestCaseSource(nameof(Lengths))]
    public void Narrow_EveryAsciiValueAtEveryPosition_KeepsItsByte(int length)
    {
        // 0x00 and 0x7F included: the saturating pack must keep the whole ASCII range as it is.
        for (int shift = 0; shift < 128; shift += Math.Max(1, length))
        {
            string text = new(Enumerable.Range(0, length).Select(i => (char)((i + shift) % 128)).ToArray());
            byte[] destination = Guarded(length);
            Assert.That(ShortAscii.TryNarrow(ref ShortAscii.FirstChar(text), length, ref destination[8]), Is.True);
            Assert.That(destination.AsSpan(8, length).ToArray(), Is.EqualTo(Encoding.ASCII.GetBytes(text)), $"shift {shift}");
            AssertGuards(destination, length);
        }
    }

    [TestCaseSource(nameof(Lengths))]
    public void Narrow_ANonAsciiCharAtAnyPosition_IsRefused(int length)
    {
        foreach (char odd in new[] { '\u0080', '\u00E9', '\u00FF', '\u0100', '\u4E2D', '\u7FFF', '\u8000', '\uD800', '\uFFFF' })
        {
            for (int at = 0; at < length; at++)
            {
                char[] chars = Text(length).ToCharArray();
                chars[at] = odd;
                string text = new(chars);
                byte[] destination = Guarded(length);
                Assert.That(ShortAscii.TryNarrow(ref ShortAscii.FirstChar(text), length, ref destination[8]), Is.False,
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

        bool widened = ShortAscii.TryWiden(ref Start(source), length, ref destination[8]);

        Assert.That(widened, Is.True);
        Assert.That(new string(destination, 8, length), Is.EqualTo(text));
        AssertGuards(destination, length);
    }

    [TestCaseSource(nameof(Lengths))]
    public void Widen_AByteAbove0x7FAtAnyPosition_IsRefused(int length)
    {
        foreach (byte odd in new byte[] { 0x80, 0xC3, 0xFF })
        {
            for (int at = 0; at < length; at++)
            {
                byte[] source = Encoding.UTF8.GetBytes(Text(length));
                source[at] = odd;
                var destination = new char[length + 1];
                Assert.That(ShortAscii.TryWiden(ref Start(source), length, ref destination[0]), Is.False, $"0x{odd:X2} at {at} of {length}");
            }
        }
    }

    [Test]
    public void StringsAroundTheShortLimit_RoundTripThroughWriterAndReader_AsciiOrNot()
    {
        var strings = new List<string>();
        for (int length = 0; length <= ShortAscii.MaxChars + 8; length++)
        {
            strings.Add(Text(length));
            if (length > 0)
            {
                strings.Add(Text(length - 1) + "\u00E9");      // 2-byte UTF-8 at the end
                strings.Add("\u4E2D" + Text(length - 1));      // 3-byte UTF-8 at the start
                strings.Add(Text(length - 1) + "\uD83D\uDE00"); // a surrogate pair
            }
        }
        var writer = new SlimWriter();
        foreach (string text in strings)
        {
            writer.WriteString(text);
        }
        byte[] bytes = writer.ToArray();

        var expected = new List<byte>();
        foreach (string text in strings)
        {
            byte[] utf8 = Encoding.UTF8.GetBytes(text);
            expected.Add((byte)(utf8.Length + 1)); // every length here fits one LEB128 byte
            expected.AddRange(utf8);
        }
        Assert.That(bytes, Is.EqualTo(expected.ToArray()), "the bytes the general UTF-8 path writes");

        var reader = new SlimReader(bytes);
        foreach (string text in strings)
        {
            Assert.That(reader.ReadString(), Is.EqualTo(text));
        }
    }

    private static ref byte Start(byte[] bytes) => ref System.Runtime.InteropServices.MemoryMarshal.GetArrayDataReference(bytes);
}
