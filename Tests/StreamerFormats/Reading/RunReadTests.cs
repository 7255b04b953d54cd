using NFX.IO;
using NFX.Slim;
using NFX.Tests.StreamerFormats.Infrastructure;

namespace NFX.Tests.StreamerFormats.Reading;

/// <summary>
/// The run readers hand every long or malformed value to the reader's own ReadX at the same position and go on from
/// where it stopped: the values, the position after them and the errors are the reader's.
/// </summary>
public sealed class RunReadTests
{
    private static SlimReader ReaderOf(Action<SlimWriter> write)
    {
        var writer = new SlimWriter(64);
        write(writer);
        writer.WriteByte(0xA5); // a marker: the run must end exactly before it
        return new SlimReader(writer.ToArray());
    }

    private static void AssertMarkerNext(SlimReader reader, int pos)
    {
        reader.EndRun(pos);
        Assert.That(reader.ReadByte(), Is.EqualTo(0xA5));
        Assert.That(reader.IsAtEnd, Is.True);
    }

    [Test]
    public void LongVarInts_AreDecodedAndTheRunGoesOnAfterThem()
    {
        SlimReader reader = ReaderOf(w =>
        {
            w.WriteInt32(int.MinValue);
            w.WriteUInt32(uint.MaxValue);
            w.WriteInt64(long.MinValue);
            w.WriteUInt64(ulong.MaxValue);
            w.WriteChar('\uFFFF');
            w.WriteInt16(short.MinValue);
            w.WriteUInt16(ushort.MaxValue);
            w.WriteTimeSpan(TimeSpan.MaxValue);
            w.WriteInt32(3);
        });
        int pos = reader.TryBeginRun(5 + 5 + 10 + 10 + 3 + 3 + 3 + 10 + 1); // each at its most bytes
        Assert.That(pos, Is.EqualTo(0));
        byte[] b = reader.RunBuffer;
        Assert.That(UnsafeRunReads.Int32(reader, b, ref pos), Is.EqualTo(int.MinValue));
        Assert.That(UnsafeRunReads.UInt32(reader, b, ref pos), Is.EqualTo(uint.MaxValue));
        Assert.That(UnsafeRunReads.Int64(reader, b, ref pos), Is.EqualTo(long.MinValue));
        Assert.That(UnsafeRunReads.UInt64(reader, b, ref pos), Is.EqualTo(ulong.MaxValue));
        Assert.That(UnsafeRunReads.Char(reader, b, ref pos), Is.EqualTo('\uFFFF'));
        Assert.That(UnsafeRunReads.Int16(reader, b, ref pos), Is.EqualTo(short.MinValue));
        Assert.That(UnsafeRunReads.UInt16(reader, b, ref pos), Is.EqualTo(ushort.MaxValue));
        Assert.That(UnsafeRunReads.TimeSpan(reader, b, ref pos), Is.EqualTo(TimeSpan.MaxValue));
        Assert.That(UnsafeRunReads.Int32(reader, b, ref pos), Is.EqualTo(3));
        AssertMarkerNext(reader, pos);
    }

    [Test]
    public void DateTimeAndBooleans_OfEveryKind_AreRead()
    {
        var local = new DateTime(2020, 2, 29, 1, 2, 3, DateTimeKind.Local);
        SlimReader reader = ReaderOf(w =>
        {
            w.WriteDateTime(DateTime.MaxValue);
            w.WriteDateTime(local);
            w.WriteBoolean(true);
            w.WriteNullableInt32(7);
            w.WriteNullableInt32(null);
        });
        int pos = reader.TryBeginRun(8 + 8 + 1 + 2 + 1);
        Assert.That(pos, Is.EqualTo(0));
        byte[] b = reader.RunBuffer;
        Assert.That(UnsafeRunReads.DateTime(reader, b, ref pos), Is.EqualTo(DateTime.MaxValue));
        DateTime read = UnsafeRunReads.DateTime(reader, b, ref pos);
        Assert.That((read, read.Kind), Is.EqualTo((local, DateTimeKind.Local)));
        Assert.That(UnsafeRunReads.Boolean(reader, b, ref pos), Is.True);
        Assert.That(UnsafeRunReads.Presence(reader, b, ref pos, "Int32"), Is.True);
        Assert.That(UnsafeRunReads.Int32(reader, b, ref pos), Is.EqualTo(7));
        Assert.That(UnsafeRunReads.Presence(reader, b, ref pos, "Int32"), Is.False);
        AssertMarkerNext(reader, pos);
    }

    [TestCase("02", "Boolean")]
    [TestCase("00 00 00 00 00 00 00 C0", "Kind 3")]
    [TestCase("80 80 80 80 80 00", "longer than 5 bytes")]
    [TestCase("80 00", "Non-minimal")]
    public void MalformedValues_AreRefusedAsTheReaderRefusesThem(string hex, string expected)
    {
        byte[] bytes = [.. Convert.FromHexString(hex.Replace(" ", "", StringComparison.Ordinal)), .. new byte[16]];
        var reader = new SlimReader(bytes);
        int pos = reader.TryBeginRun(10);
        Assert.That(pos, Is.EqualTo(0));
        byte[] b = reader.RunBuffer;
        SlimFormatException ex = Assert.Throws<SlimFormatException>(() =>
        {
            object value = expected switch
            {
                "Boolean" => UnsafeRunReads.Boolean(reader, b, ref pos),
                "Kind 3" => UnsafeRunReads.DateTime(reader, b, ref pos),
                _ => UnsafeRunReads.UInt32(reader, b, ref pos),
            };
            Assert.Fail($"read {value}");
        })!;
        Assert.That(ex.Message, Does.Contain(expected));
    }

    /// <summary>
    /// A run's varints decode as the reader's own ReadX, value, position and error, on random valid and malformed
    /// encodings ending at every distance from the array's end (the 8-byte way, the way near the end, the reader's).
    /// </summary>
    [Test]
    public void VarInts_AgreeWithTheReader_AtEveryDistanceFromTheEnd()
    {
        var random = new Random(271828);
        for (int i = 0; i < 20_000; i++)
        {
            byte[] bytes = RandomVarInts.Next(random);
            // The run reserves the field's most bytes; what follows in the array (0..9 more bytes) varies.
            int more = random.Next(10);
            byte[] input = [.. bytes, .. new byte[Math.Max(0, 5 - bytes.Length) + more]];
            string hex = Convert.ToHexString(bytes);
            Assert.That(Run(input, 5, (r, b) => { int p = 0; uint v = UnsafeRunReads.UInt32(r, b, ref p); return (v.ToString(), p); }),
                Is.EqualTo(Own(input, r => r.ReadUInt32().ToString())), $"32-bit {hex} in {input.Length}");
            input = [.. bytes, .. new byte[Math.Max(0, 10 - bytes.Length) + more]];
            Assert.That(Run(input, 10, (r, b) => { int p = 0; ulong v = UnsafeRunReads.UInt64(r, b, ref p); return (v.ToString(), p); }),
                Is.EqualTo(Own(input, r => r.ReadUInt64().ToString())), $"64-bit {hex} in {input.Length}");
        }
    }

    private static string Run(byte[] input, int reserve, Func<SlimReader, byte[], (string Value, int Pos)> read)
    {
        var reader = new SlimReader(input);
        Assert.That(reader.TryBeginRun(reserve), Is.EqualTo(0));
        try
        {
            (string value, int pos) = read(reader, reader.RunBuffer);
            return $"{value} at {pos}";
        }
        catch (SlimFormatException ex)
        {
            return $"{ex.Message} ({ex.Offset})";
        }
    }

    private static string Own(byte[] input, Func<SlimReader, string> read)
    {
        var reader = new SlimReader(input);
        try
        {
            string value = read(reader);
            return $"{value} at {reader.Position}";
        }
        catch (SlimFormatException ex)
        {
            return $"{ex.Message} ({ex.Offset})";
        }
    }

    [Test]
    public void PresenceByte2_IsRefused()
    {
        var reader = new SlimReader(new byte[] { 2, 0, 0, 0, 0, 0 });
        int pos = reader.TryBeginRun(6);
        Assert.That(pos, Is.EqualTo(0));
        byte[] b = reader.RunBuffer;
        SlimFormatException ex = Assert.Throws<SlimFormatException>(() => UnsafeRunReads.Presence(reader, b, ref pos, "Int32"))!;
        Assert.That(ex.Message, Does.Contain("Presence byte"));
    }
}

/// <summary><see cref="SlimReader.TrySkip"/>: the one-byte handle test of generated bodies reads only the byte it names, and nothing past the input.</summary>
public sealed class TrySkipTests
{
    [Test]
    public void TrySkip_ReadsTheByteOnlyWhenItIsTheOneNamed_AndNothingAtTheEnd()
    {
        // A buffer longer than the input: the byte after the input's end is the one asked for, and must not be read.
        byte[] buffer = [9, 1, 2, 1];
        var reader = new SlimReader();
        reader.Reset(buffer, 0, 3);
        Assert.That(reader.TrySkip(1), Is.False);
        Assert.That(reader.Position, Is.EqualTo(0));
        Assert.That(reader.ReadByte(), Is.EqualTo(9));
        Assert.That(reader.TrySkip(2), Is.False);
        Assert.That(reader.TrySkip(1), Is.True);
        Assert.That(reader.Position, Is.EqualTo(2));
        Assert.That(reader.TrySkip(2), Is.True);
        Assert.That(reader.TrySkip(1), Is.False, "the input ends before the buffer's last byte");
        Assert.That(reader.Position, Is.EqualTo(3));
    }

    [Test]
    public void TrySkipBytes_MovesPastThemOnlyWhenAllAreBufferedAndEqual()
    {
        // A buffer longer than the input, whose bytes past the input's end would complete the match: they must not count.
        byte[] buffer = [7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
        var reader = new SlimReader();
        reader.Reset(buffer, 0, 12);
        Assert.That(reader.TrySkip(new byte[] { 7, 1, 2, 4 }), Is.False, "a byte differs");
        Assert.That(reader.Position, Is.EqualTo(0));
        Assert.That(reader.TrySkip(new byte[] { 7, 1, 2 }), Is.True);
        Assert.That(reader.Position, Is.EqualTo(3));
        Assert.That(reader.TrySkip(new byte[] { 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 }), Is.False, "the input ends before the last one");
        Assert.That(reader.Position, Is.EqualTo(3));
        Assert.That(reader.TrySkip(new byte[] { 3, 4, 5, 6, 7, 8, 9, 10, 11 }), Is.True, "up to the input's last byte");
        Assert.That(reader.Position, Is.EqualTo(12));
        Assert.That(reader.TrySkip(Array.Empty<byte>()), Is.True);
        Assert.That(reader.Position, Is.EqualTo(12));
    }
}
