using NFX.IO;
using NFX.Slim;
using NFX.Tests.StreamerFormats.Infrastructure;
using NFX.Tests.Support;

namespace NFX.Tests.StreamerFormats.Malformed;

/// <summary>
/// Hand-made hostile inputs: each must throw <see cref="SlimFormatException"/> (or, for a configured limit,
/// <see cref="SlimLimitExceededException"/>) naming the problem, from in-memory and streamed input alike.
/// </summary>
public sealed class MalformedInputTests
{
    private static IEnumerable<ReaderShape> Shapes => [ReaderShape.ByteArray, ReaderShape.OneByteStream];

    private static SlimFormatException ReadFails(ReaderShape shape, string hex, Func<SlimReader, object?> read, string expectedInMessage)
    {
        using SlimReader reader = BufferShapes.Open(shape, Convert.FromHexString(hex.Replace(" ", "", StringComparison.Ordinal)));
        SlimFormatException ex = Assert.Throws<SlimFormatException>(() => read(reader))!;
        Assert.That(ex.Message, Does.Contain(expectedInMessage));
        return ex;
    }

    [TestCaseSource(nameof(Shapes))]
    public void ReadInt32_SixByteVarInt_ThrowsOverlong(ReaderShape shape) =>
        ReadFails(shape, "80 80 80 80 80 00", r => r.ReadInt32(), "longer than 5 bytes");

    [TestCaseSource(nameof(Shapes))]
    public void ReadUInt32_FifthByteBeyond32Bits_ThrowsOverlong(ReaderShape shape) =>
        ReadFails(shape, "FF FF FF FF 1F", r => r.ReadUInt32(), "longer than 5 bytes");

    [TestCaseSource(nameof(Shapes))]
    public void ReadInt64_ElevenByteVarInt_ThrowsOverlong(ReaderShape shape) =>
        ReadFails(shape, "80 80 80 80 80 80 80 80 80 80 00", r => r.ReadInt64(), "longer than 10 bytes");

    [TestCaseSource(nameof(Shapes))]
    public void ReadUInt64_TenthByteBeyond64Bits_ThrowsOverlong(ReaderShape shape) =>
        ReadFails(shape, "FF FF FF FF FF FF FF FF FF 02", r => r.ReadUInt64(), "longer than 10 bytes");

    [TestCaseSource(nameof(Shapes))]
    public void ReadUInt128_TwentyByteVarInt_ThrowsOverlong(ReaderShape shape) =>
        ReadFails(shape, string.Concat(Enumerable.Repeat("80 ", 19)) + "00", r => r.ReadUInt128(), "longer than 19 bytes");

    [TestCase("80 00", 0)]
    [TestCase("FF 80 00", 0)]
    [TestCase("05 80 80 00", 1)]
    public void ReadVarUInt32_NonMinimalEncoding_ThrowsAtValueStart(string hex, int valueOffset)
    {
        byte[] bytes = Convert.FromHexString(hex.Replace(" ", "", StringComparison.Ordinal));
        using var reader = new SlimReader(bytes);
        if (valueOffset > 0)
        {
            reader.Skip(valueOffset);
        }
        SlimFormatException ex = Assert.Throws<SlimFormatException>(() => reader.ReadVarUInt32())!;
        Assert.That(ex.Message, Does.Contain("Non-minimal"));
        Assert.That(ex.Offset, Is.EqualTo(valueOffset));
    }

    [TestCase("80 80 04", "Int16")] // ZigZag 65536 = 32768
    [TestCase("FF FF 07", "Int16")] // ZigZag 131071 = -65536
    public void ReadInt16_OutOfRange_Throws(string hex, string what) =>
        ReadFails(ReaderShape.ByteArray, hex, r => r.ReadInt16(), $"out of range for {what}");

    [Test]
    public void ReadUInt16_65536_Throws() => ReadFails(ReaderShape.ByteArray, "80 80 04", r => r.ReadUInt16(), "out of range for UInt16");

    [Test]
    public void ReadChar_65536_Throws() => ReadFails(ReaderShape.ByteArray, "80 80 04", r => r.ReadChar(), "out of range for Char");

    [TestCaseSource(nameof(Shapes))]
    public void ReadBoolean_Byte2_Throws(ReaderShape shape) => ReadFails(shape, "02", r => r.ReadBoolean(), "0 or 1, found 0x02");

    [Test]
    public void ReadBooleanArray_ElementByteFF_ThrowsAtThatByte()
    {
        SlimFormatException ex = ReadFails(ReaderShape.ByteArray, "04 01 00 FF", r => r.ReadBooleanArray(), "found 0xFF");
        Assert.That(ex.Offset, Is.EqualTo(3));
    }

    [Test]
    public void ReadNullableInt32_PresenceByte2_Throws() =>
        ReadFails(ReaderShape.ByteArray, "02 0A", r => r.ReadNullableInt32(), "Presence byte");

    [Test]
    public void ReadDateTime_Kind3_Throws() =>
        ReadFails(ReaderShape.ByteArray, "00 00 00 00 00 00 00 C0", r => r.ReadDateTime(), "Kind 3");

    [Test]
    public void ReadDateTime_TicksOneAboveMax_Throws()
    {
        byte[] bytes = BitConverter.GetBytes((ulong)DateTime.MaxValue.Ticks + 1);
        ReadFails(ReaderShape.ByteArray, Convert.ToHexString(bytes), r => r.ReadDateTime(), "out of range for DateTime ticks");
    }

    [TestCase("01 1D", "scale must be 0..28")]            // scale 29
    [TestCase("01 60", "scale must be 0..28")]            // reserved bits 5 and 6
    [TestCase("80 80 80 80 80 80 80 80 80 80 80 80 80 20 00", "Decimal magnitude")] // 2^96
    public void ReadDecimal_Invalid_Throws(string hex, string expected) =>
        ReadFails(ReaderShape.ByteArray, hex, r => r.ReadDecimal(), expected);

    // The same followed by more input: with 11 bytes buffered the reader decodes a decimal in one pass first.
    [TestCase("01 1D", "scale must be 0..28")]
    [TestCase("01 60", "scale must be 0..28")]
    [TestCase("81 00 02", "Non-minimal")]
    [TestCase("80 80 80 80 80 80 80 80 80 80 80 80 80 20 00", "Decimal magnitude")]
    public void ReadDecimal_InvalidWithInputAfterIt_Throws(string hex, string expected) =>
        ReadFails(ReaderShape.ByteArray, hex + string.Concat(Enumerable.Repeat(" 00", 16)), r => r.ReadDecimal(), expected);

    [Test]
    public void ReadDateTimeOffset_OffsetBeyond14Hours_Throws() =>
        ReadFails(ReaderShape.ByteArray, "00 40 E4 47 02 22 C1 08 92 0D", r => r.ReadDateTimeOffset(), "offset minutes"); // +841 min

    [Test]
    public void ReadDateTimeOffset_UtcBeforeMinValue_Throws() =>
        ReadFails(ReaderShape.ByteArray, "00 00 00 00 00 00 00 00 02", r => r.ReadDateTimeOffset(), "UTC time out of range"); // Min at +00:01

    [Test]
    public void ReadDateOnly_BeyondMax_Throws() =>
        ReadFails(ReaderShape.ByteArray, "DB F3 DE 01", r => r.ReadDateOnly(), "DateOnly day number");

    [Test]
    public void ReadTimeOnly_OneDay_Throws() =>
        ReadFails(ReaderShape.ByteArray, "80 80 A7 D3 92 19", r => r.ReadTimeOnly(), "TimeOnly ticks"); // TimeSpan.TicksPerDay

    [TestCase("03 C3 28", TestName = "ReadString_BadContinuationByte_Throws")]
    [TestCase("03 C0 80", TestName = "ReadString_OverlongNul_Throws")]
    [TestCase("04 ED A0 80", TestName = "ReadString_EncodedSurrogate_Throws")]
    [TestCase("03 E6 97", TestName = "ReadString_SequenceCutByLength_Throws")]
    [TestCase("05 F4 90 80 80", TestName = "ReadString_BeyondU10FFFF_Throws")]
    [TestCase("02 FF", TestName = "ReadString_ByteFF_Throws")]
    public void ReadString_InvalidUtf8(string hex)
    {
        foreach (ReaderShape shape in Shapes)
        {
            ReadFails(shape, hex, r => r.ReadString(), "not valid UTF-8");
        }
    }

    [TestCase("FF FF FF FF 0F", TestName = "ReadByteArray_LengthPrefixUIntMax_ThrowsNegativeOrTooLarge")]
    [TestCase("80 80 80 80 08", TestName = "ReadByteArray_LengthPrefixIntMaxPlusOne_ThrowsNegativeOrTooLarge")]
    public void ReadByteArray_ImpossibleLength(string hex) =>
        ReadFails(ReaderShape.ByteArray, hex, r => r.ReadByteArray(), "negative or beyond the largest possible array");

    [TestCase(-1L)]
    [TestCase(long.MinValue)]
    [TestCase(long.MaxValue)]
    [TestCase((long)int.MaxValue + 1)]
    public void CheckLength_NegativeOrOverflowing_Throws(long length)
    {
        using var reader = new SlimReader(new byte[16]);
        Assert.Throws<SlimFormatException>(() => reader.CheckLength(length, "test", 8));
    }

    [Test]
    public void CheckLength_ProductOverflowingInt_ThrowsTruncatedNotOverflow()
    {
        using var reader = new SlimReader(new byte[16]);
        SlimFormatException ex = Assert.Throws<SlimFormatException>(() => reader.CheckLength(Array.MaxLength, "Int64[]", 8))!;
        Assert.That(ex.Message, Does.Contain("Unexpected end of input"));
    }

    [Test]
    public void ReadNullableLength_BeyondConfiguredMaxLength_ThrowsLimitExceeded()
    {
        using var reader = new SlimReader(Convert.FromHexString("0C" + new string('0', 22))) { MaxLength = 10 };
        SlimLimitExceededException ex = Assert.Throws<SlimLimitExceededException>(() => reader.ReadNullableLength("items", 1))!;
        Assert.That((ex.Requested, ex.Maximum), Is.EqualTo((11L, 10L)));
    }

    [Test]
    public void Require_NegativeCount_ThrowsFormat()
    {
        using var reader = new SlimReader(new byte[4]);
        Assert.Throws<SlimFormatException>(() => reader.Require(-1, "test"));
        Assert.Throws<SlimFormatException>(() => reader.Skip(-3));
        Assert.That(reader.Position, Is.Zero);
    }
}
