using System.Buffers;
using NFX.IO;
using NFX.Tests.Support;

namespace NFX.Tests.StreamerFormats;

/// <summary>
/// The public span and sequence varint methods every layer (Slim's message header, Glue's frame headers) calls: the
/// same bytes as the writer's, strict decoding, and the same answer however the bytes are split into segments.
/// </summary>
public sealed class VarIntSpanTests
{
    private static readonly uint[] s_values = [0, 1, 127, 128, 300, 16383, 16384, (1u << 21) - 1, 1u << 21, (1u << 28) - 1, 1u << 28, uint.MaxValue];

    [Test]
    public void Write_EveryLengthBoundary_SameBytesAsTheWriter()
    {
        foreach (uint value in s_values)
        {
            using var writer = new SlimWriter();
            writer.WriteVarUInt32(value);
            byte[] span = new byte[VarInt.MaxBytes32];
            int count = VarInt.Write(span, value);
            Assert.That(span[..count], Is.EqualTo(writer.WrittenSpan.ToArray()), $"value {value}");
            Assert.That(VarInt.SizeOf(value), Is.EqualTo(count));
        }
    }

    [Test]
    public void Write_DestinationTooShort_ThrowsArgumentException()
    {
        byte[] two = new byte[2];

        Assert.Throws<ArgumentException>(() => VarInt.Write(two, 16384u));
        Assert.That(VarInt.Write(two, 16383u), Is.EqualTo(2), "a value that fits is written into a short span");
    }

    [Test]
    public void TryRead_EverySplitOfEveryValue_RoundTripsAndConsumesExactly()
    {
        foreach (uint value in s_values)
        {
            byte[] wire = new byte[VarInt.SizeOf(value) + 2];
            int count = VarInt.Write(wire, value);
            wire[count] = 0xAB;
            wire[count + 1] = 0xCD;
            Assert.That(VarInt.TryRead(wire, out uint fromSpan, out int consumed), Is.EqualTo(OperationStatus.Done));
            Assert.That((fromSpan, consumed), Is.EqualTo((value, count)));
            for (int split = 1; split < wire.Length; split++)
            {
                var reader = new SequenceReader<byte>(Sequences.SplitAt(wire, split));
                Assert.That(VarInt.TryRead(ref reader, out uint fromSequence), Is.EqualTo(OperationStatus.Done), $"{value} split at {split}");
                Assert.That(fromSequence, Is.EqualTo(value));
                Assert.That(reader.Consumed, Is.EqualTo(count), "stops right after the value");
            }
        }
    }

    [TestCase("", OperationStatus.NeedMoreData)]
    [TestCase("80", OperationStatus.NeedMoreData)]
    [TestCase("FFFFFFFF", OperationStatus.NeedMoreData)]
    [TestCase("8000", OperationStatus.InvalidData)]
    [TestCase("FF8000", OperationStatus.InvalidData)]
    [TestCase("FFFFFFFF00", OperationStatus.InvalidData)]
    [TestCase("FFFFFFFF10", OperationStatus.InvalidData)]
    [TestCase("FFFFFFFF8F", OperationStatus.InvalidData)]
    [TestCase("8080808080808001", OperationStatus.InvalidData)]
    public void TryRead_TruncatedOrMalformed_ReportsWhichAndConsumesNothing(string hex, OperationStatus expected)
    {
        byte[] wire = Convert.FromHexString(hex);

        Assert.That(VarInt.TryRead(wire, out _, out _), Is.EqualTo(expected), "span");
        for (int split = 0; split <= wire.Length; split++)
        {
            var reader = new SequenceReader<byte>(split == 0 ? new ReadOnlySequence<byte>(wire) : Sequences.SplitAt(wire, split));
            Assert.That(VarInt.TryRead(ref reader, out _), Is.EqualTo(expected), $"sequence split at {split}");
            Assert.That(reader.Consumed, Is.Zero);
        }
    }

    [Test]
    public void TryRead_AgreesWithSlimReader_OnRandomInputs()
    {
        var random = new Random(271828);
        for (int i = 0; i < 5_000; i++)
        {
            byte[] bytes = new byte[1 + random.Next(7)];
            for (int b = 0; b < bytes.Length; b++)
            {
                bytes[b] = (byte)(random.Next(4) == 0 ? random.Next(256) : 0x80 | random.Next(128));
            }
            uint? expected;
            try
            {
                using var reader = new SlimReader(bytes);
                expected = reader.ReadVarUInt32();
            }
            catch (NFX.Slim.SlimFormatException)
            {
                expected = null;
            }
            OperationStatus status = VarInt.TryRead(bytes, out uint value, out _);
            Assert.That(status == OperationStatus.Done ? value : (uint?)null, Is.EqualTo(expected), Convert.ToHexString(bytes));
        }
    }
}
