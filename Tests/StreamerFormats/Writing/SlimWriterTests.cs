using System.Buffers;
using NFX.IO;
using NFX.Tests.StreamerFormats.Infrastructure;

namespace NFX.Tests.StreamerFormats.Writing;

/// <summary>Writer behaviour beyond single values: sinks, flushing, positions, the lone-surrogate policy.</summary>
public sealed class SlimWriterTests
{
    // Built in code: attribute arguments are stored as UTF-8 and would have lost the lone surrogates already.
    private static IEnumerable<TestCaseData> LoneSurrogates =>
    [
        new TestCaseData("\uD800", "\uFFFD", "04 EF BF BD").SetName("WriteString_LoneHighSurrogate_WrittenAsReplacementCharacter"),
        new TestCaseData("a\uDC00b", "a\uFFFDb", "06 61 EF BF BD 62").SetName("WriteString_LoneLowSurrogate_WrittenAsReplacementCharacter"),
        new TestCaseData("\uDE00\uD83D", "\uFFFD\uFFFD", "07 EF BF BD EF BF BD").SetName("WriteString_LowThenHighSurrogate_WrittenAsTwoReplacementCharacters"),
        new TestCaseData("x\uD83D", "x\uFFFD", "05 78 EF BF BD").SetName("WriteString_HighSurrogateAtEnd_WrittenAsReplacementCharacter"),
    ];

    [TestCaseSource(nameof(LoneSurrogates))]
    public void WriteString_LoneSurrogate_WrittenAsReplacementCharacter(string value, string readBack, string hex)
    {
        foreach (WriterShape shape in BufferShapes.Writers)
        {
            byte[] bytes = BufferShapes.Write(shape, w => w.WriteString(value));
            Assert.That(Convert.ToHexString(bytes), Is.EqualTo(hex.Replace(" ", "", StringComparison.Ordinal)), shape.ToString());
            using var reader = new SlimReader(bytes);
            Assert.That(reader.ReadString(), Is.EqualTo(readBack));
        }
    }

    [Test]
    public void WriteString_LongStringWithLoneSurrogatesToSmallSegments_LengthPrefixMatchesBytes()
    {
        // Lone surrogates spread through a string long enough to be encoded chunk by chunk.
        string value = string.Concat(Enumerable.Range(0, 3000).Select(i => i % 7 == 0 ? "\uD800" : i % 5 == 0 ? "\U0001F600" : "ab"));
        string expected = value.Replace("\uD800", "\uFFFD", StringComparison.Ordinal);
        foreach (WriterShape shape in new[] { WriterShape.SmallArraySegments, WriterShape.SmallNativeSegments, WriterShape.Stream })
        {
            byte[] bytes = BufferShapes.Write(shape, w => w.WriteString(value));
            using SlimReader reader = new(bytes);
            Assert.That(reader.ReadString(), Is.EqualTo(expected), shape.ToString());
            Assert.That(reader.IsAtEnd, Is.True);
        }
    }

    [Test]
    public void Flush_BufferWriter_AdvancesOutputAndPositionKeepsCounting()
    {
        var output = new ArrayBufferWriter<byte>();
        using var writer = new SlimWriter(output);
        writer.WriteInt32(1000);
        Assert.That(output.WrittenCount, Is.Zero, "nothing reaches the output before Flush");
        writer.Flush();
        Assert.That(output.WrittenCount, Is.EqualTo(2));
        writer.WriteString("abc");
        writer.Flush();
        Assert.That(writer.Position, Is.EqualTo(6));
        Assert.That(Convert.ToHexString(output.WrittenSpan), Is.EqualTo("D00F04616263"));
    }

    [Test]
    public void Flush_Stream_WritesBufferedBytesOnly()
    {
        using var stream = new MemoryStream();
        using var writer = new SlimWriter(stream);
        writer.WriteRawBytes(new byte[10_000]);
        writer.WriteInt64(-1);
        writer.Flush();
        writer.Flush();
        Assert.That(stream.Length, Is.EqualTo(10_001));
        Assert.That(writer.Position, Is.EqualTo(10_001));
    }

    [Test]
    public void SegmentedOutput_LargeRawBlock_SplitIntoManySegmentsWithoutLoss()
    {
        var output = new SegmentedBufferWriter(nativeMemory: true);
        byte[] block = Enumerable.Range(0, 100_000).Select(i => (byte)(i * 31)).ToArray();
        using var writer = new SlimWriter(output);
        writer.WriteByteArray(block);
        writer.Flush();
        Assert.That(output.SegmentCount, Is.GreaterThan(10));
        using var reader = new SlimReader(output.ToArray());
        Assert.That(reader.ReadByteArray(), Is.EqualTo(block));
    }

    [Test]
    public void Reset_AfterWritingToBufferWriter_StartsAgainOnPooledBuffer()
    {
        var output = new ArrayBufferWriter<byte>();
        using var writer = new SlimWriter(output);
        writer.WriteInt32(5);
        writer.Reset();
        writer.WriteInt32(6);
        Assert.That(Convert.ToHexString(writer.WrittenSpan), Is.EqualTo("0C"));
        Assert.That(output.WrittenCount, Is.Zero, "unflushed bytes are dropped by Reset");
    }

    [Test]
    public void WrittenSpan_NonPooledSink_ThrowsInvalidOperation()
    {
        using var writer = new SlimWriter(new MemoryStream());
        Assert.Throws<InvalidOperationException>(() => writer.ToArray());
    }

    [Test]
    public void WriteLengthPrefix_Negative_ThrowsArgumentOutOfRange()
    {
        using var writer = new SlimWriter();
        Assert.Throws<ArgumentOutOfRangeException>(() => writer.WriteLengthPrefix(-1));
        writer.WriteLengthPrefix(null);
        writer.WriteLengthPrefix(0);
        writer.WriteLengthPrefix(200);
        Assert.That(Convert.ToHexString(writer.WrittenSpan), Is.EqualTo("0001C901"));
    }

    [Test]
    public void ReadNullableLength_WhatWriteLengthPrefixWrote_ReturnsLengthOrMinusOne()
    {
        using var writer = new SlimWriter();
        writer.WriteLengthPrefix(null);
        writer.WriteLengthPrefix(3);
        writer.WriteRawBytes([7, 8, 9]);
        using var reader = new SlimReader(writer.ToArray());
        Assert.That(reader.ReadNullableLength("x", 1), Is.EqualTo(-1));
        Assert.That(reader.ReadNullableLength("x", 1), Is.EqualTo(3));
        Assert.That(reader.BufferedBytes, Is.EqualTo(3));
    }
}
