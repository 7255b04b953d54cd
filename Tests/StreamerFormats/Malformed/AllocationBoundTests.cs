using NFX.IO;
using NFX.Slim;
using NFX.Tests.StreamerFormats.Infrastructure;
using NFX.Tests.Support;

namespace NFX.Tests.StreamerFormats.Malformed;

/// <summary>
/// A length prefix asking for two billion elements in front of three bytes must fail before anything of that size
/// is allocated, for in-memory and streamed input: the length is checked against the bytes that are (or arrive)
/// there. The allocation is measured on the current thread.
/// </summary>
public sealed class AllocationBoundTests
{
    private const long AllowedBytes = 64 * 1024; // the exception and its message, nothing proportional to the claim

    private static readonly (string Name, Func<SlimReader, object?> Read)[] s_readers =
    [
        ("ByteArray", r => r.ReadByteArray()),
        ("String", r => r.ReadString()),
        ("Int64Array", r => r.ReadInt64Array()),
        ("BooleanArray", r => r.ReadBooleanArray()),
        ("GuidArray", r => r.ReadGuidArray()),
        ("DecimalArray", r => r.ReadDecimalArray()),
        ("DateTimeArray", r => r.ReadDateTimeArray()),
        ("DateOnlyArray", r => r.ReadDateOnlyArray()),
        ("BigInteger", r => r.ReadBigInteger()),
    ];

    private static IEnumerable<TestCaseData> Cases =>
        from reader in s_readers
        from shape in new[] { ReaderShape.ByteArray, ReaderShape.OneByteStream }
        from length in new[] { 0x7FFF_0000u, 100_000_000u, 5000u }
        select new TestCaseData(reader.Name, shape, length).SetName($"Read{reader.Name}_HugeLengthFewBytes_NoLargeAllocation({shape},{length})");

    [TestCaseSource(nameof(Cases))]
    public void Read_HugeLengthPrefixWithFewBytesLeft_ThrowsTruncatedWithoutLargeAllocation(string name, ReaderShape shape, uint length)
    {
        Func<SlimReader, object?> read = s_readers.Single(r => r.Name == name).Read;
        byte[] payload = [.. VarInt(length), 1, 1, 1];

        // Warm up JIT and exception machinery so only the read itself is measured.
        using (SlimReader warm = BufferShapes.Open(shape, payload))
        {
            Assert.Throws<SlimFormatException>(() => read(warm));
        }

        using SlimReader reader = BufferShapes.Open(shape, payload);
        long before = GC.GetAllocatedBytesForCurrentThread();
        SlimFormatException ex = Assert.Throws<SlimFormatException>(() => read(reader))!;
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.That(ex.Message, Does.Contain("Unexpected end of input"));
        Assert.That(allocated, Is.LessThan(AllowedBytes), $"allocated {allocated} bytes for a claim of {length} elements");
    }

    private static byte[] VarInt(uint value)
    {
        using var writer = new SlimWriter();
        writer.WriteVarUInt32(value);
        return writer.ToArray();
    }
}
