using NFX.IO;
using NFX.Slim;
using NFX.Tests.StreamerFormats.Infrastructure;
using NFX.Tests.Support;

namespace NFX.Tests.StreamerFormats.Golden;

/// <summary>
/// The exact bytes of representative values (compared as hex text, so a failure shows the drift), and the reader's
/// behaviour on every truncation of them and on random byte flips.
/// </summary>
public sealed class GoldenBytesTests
{
    private static IEnumerable<GoldenPayload> Payloads => GoldenPayloads.All;

    [TestCaseSource(nameof(Payloads))]
    public void Write_GoldenValue_ProducesExactHex(GoldenPayload payload)
    {
        using var writer = new SlimWriter();
        payload.Write(writer);
        Assert.That(Convert.ToHexString(writer.WrittenSpan), Is.EqualTo(payload.Hex.Replace(" ", "", StringComparison.Ordinal)));
    }

    [TestCaseSource(nameof(Payloads))]
    public void Read_GoldenBytes_ConsumesAllAndReEncodesToSameHex(GoldenPayload payload)
    {
        using var reader = new SlimReader(payload.Bytes);
        object? value = payload.Read(reader);
        Assert.That(reader.Position, Is.EqualTo(payload.Bytes.Length));
        using var writer = new SlimWriter();
        payload.WriteObject(writer, value);
        Assert.That(Convert.ToHexString(writer.WrittenSpan), Is.EqualTo(Convert.ToHexString(payload.Bytes)));
    }

    [TestCaseSource(nameof(Payloads))]
    public void Read_GoldenPayloadTruncatedAtEveryLength_ThrowsSlimFormatExceptionWithinInput(GoldenPayload payload)
    {
        byte[] bytes = payload.Bytes;
        for (int length = 0; length < bytes.Length; length++)
        {
            byte[] truncated = bytes[..length];
            foreach (ReaderShape shape in new[] { ReaderShape.ByteArray, ReaderShape.OneByteStream })
            {
                using SlimReader reader = BufferShapes.Open(shape, truncated);
                SlimFormatException ex = Assert.Throws<SlimFormatException>(() => payload.Read(reader), $"{shape}, {length} of {bytes.Length} bytes")!;
                Assert.That(ex.Offset, Is.InRange(0, length), $"{shape}, {length} of {bytes.Length} bytes: {ex.Message}");
            }
        }
    }

    [Test]
    public void Read_ConcatenatedGoldenPayloadsTruncatedAtEveryLength_ThrowsSlimFormatException()
    {
        byte[] all = GoldenPayloads.All.SelectMany(p => p.Bytes).ToArray();
        for (int length = 0; length < all.Length; length++)
        {
            using var reader = new SlimReader(all[..length]);
            SlimFormatException ex = Assert.Throws<SlimFormatException>(() => ReadAll(reader), $"{length} of {all.Length} bytes")!;
            Assert.That(ex.Offset, Is.InRange(0, length));
        }
    }

    [Test]
    public void Read_RandomByteFlips_YieldOnlySlimExceptionsOrValues()
    {
        var random = new Random(2718281);
        byte[] all = GoldenPayloads.All.SelectMany(p => p.Bytes).ToArray();
        int failures = 0, values = 0;
        for (int i = 0; i < 4000; i++)
        {
            // Half the inputs corrupt one payload read alone; the other half corrupt the whole sequence.
            bool single = i % 2 == 0;
            GoldenPayload payload = GoldenPayloads.All[random.Next(GoldenPayloads.All.Count)];
            byte[] input = single ? payload.Bytes : (byte[])all.Clone();
            if (input.Length == 0)
            {
                continue;
            }
            int flips = 1 + random.Next(3);
            for (int f = 0; f < flips; f++)
            {
                input[random.Next(input.Length)] ^= (byte)(1 + random.Next(255));
            }
            ReaderShape shape = i % 5 == 0 ? ReaderShape.OneByteStream : ReaderShape.ByteArray;
            using SlimReader reader = BufferShapes.Open(shape, input);
            try
            {
                if (single)
                {
                    payload.Read(reader);
                }
                else
                {
                    ReadAll(reader);
                }
                values++;
                Assert.That(reader.Position, Is.LessThanOrEqualTo(input.Length));
            }
            catch (SlimException)
            {
                failures++;
            }
            catch (Exception ex)
            {
                Assert.Fail($"Input #{i} ({(single ? payload.Name : "all")}, {shape}, hex {Convert.ToHexString(input)}) threw {ex}");
            }
        }
        // Both outcomes must occur, or the corpus or the flips are not exercising anything.
        Assert.That(failures, Is.GreaterThan(100));
        Assert.That(values, Is.GreaterThan(100));
    }

    private static void ReadAll(SlimReader reader)
    {
        foreach (GoldenPayload payload in GoldenPayloads.All)
        {
            payload.Read(reader);
        }
    }
}
