using NFX.IO;
using NFX.Slim;

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
