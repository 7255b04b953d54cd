using System.Numerics;
using NFX.IO;

namespace NFX.Tests.StreamerFormats.Writing;

/// <summary>
/// The run writers write without a capacity check, trusting their declared most bytes: every one must stay inside
/// them for its widest values, and write what the reader reads back.
/// </summary>
public sealed class RunWritesTests
{
    private const byte Sentinel = 0xCC;

    private static IEnumerable<object> ExtremesOf(Type type)
    {
        if (type == typeof(bool)) return [false, true];
        if (type == typeof(byte)) return [byte.MinValue, byte.MaxValue];
        if (type == typeof(sbyte)) return [sbyte.MinValue, sbyte.MaxValue];
        if (type == typeof(char)) return [char.MinValue, char.MaxValue, '\u0080'];
        if (type == typeof(short)) return [short.MinValue, short.MaxValue, (short)0];
        if (type == typeof(ushort)) return [ushort.MinValue, ushort.MaxValue];
        if (type == typeof(int)) return [int.MinValue, int.MaxValue, 0, -1, 8191];
        if (type == typeof(uint)) return [uint.MinValue, uint.MaxValue, 16384u];
        if (type == typeof(long)) return [long.MinValue, long.MaxValue, 0L, 1L << 55];
        if (type == typeof(ulong)) return [ulong.MinValue, ulong.MaxValue, 1UL << 56];
        if (type == typeof(Half)) return [Half.MinValue, Half.NaN];
        if (type == typeof(float)) return [float.MinValue, float.NaN, -0.0f];
        if (type == typeof(double)) return [double.MaxValue, double.NegativeInfinity, -0.0];
        if (type == typeof(decimal)) return [decimal.MinValue, decimal.MaxValue, 0m, 123.23m, new decimal(0, 0, 1, true, 28)];
        if (type == typeof(DateTime)) return [DateTime.MinValue, DateTime.MaxValue, new DateTime(2026, 11, 24, 4, 0, 0, DateTimeKind.Local)];
        if (type == typeof(DateTimeOffset)) return [DateTimeOffset.MinValue, DateTimeOffset.MaxValue, new DateTimeOffset(2026, 1, 2, 3, 4, 5, TimeSpan.FromHours(-14))];
        if (type == typeof(TimeSpan)) return [TimeSpan.MinValue, TimeSpan.MaxValue, TimeSpan.Zero];
        if (type == typeof(DateOnly)) return [DateOnly.MinValue, DateOnly.MaxValue];
        if (type == typeof(TimeOnly)) return [TimeOnly.MinValue, TimeOnly.MaxValue];
        if (type == typeof(Guid)) return [Guid.Empty, new Guid("ffffffff-ffff-ffff-ffff-ffffffffffff")];
        throw new AssertionException($"No extreme values listed for {type}: add them, the run writer table grew.");
    }

    public static IEnumerable<TestCaseData> RunTypes() =>
        StreamerFormat.Default.NativeTypes
            .Select(type => StreamerFormat.Default.TryGetCodec(type, out NativeTypeCodec? codec) ? codec : null)
            .Where(codec => codec is { RunWriteMethod: not null, RunNullable: false })
            .Select(codec => new TestCaseData(codec!.Type).SetName($"RunWrite_{codec.Type.Name}_StaysInsideItsMostBytesAndReadsBack"));

    [TestCaseSource(nameof(RunTypes))]
    public void RunWrite_ExtremeValues_StaysInsideItsMostBytesAndReadsBack(Type type)
    {
        StreamerFormat.Default.TryGetCodec(type, out NativeTypeCodec? codec);
        foreach (object value in ExtremesOf(type))
        {
            byte[] buffer = new byte[64];
            Array.Fill(buffer, Sentinel);
            const int start = 7;
            int end = (int)codec!.RunWriteMethod!.Invoke(null, [buffer, start, value])!;
            Assert.That(end - start, Is.InRange(1, codec.RunMaxBytes), $"{type.Name} {value}: bytes written");
            Assert.That(buffer.AsSpan(0, start).ToArray(), Is.All.EqualTo(Sentinel), $"{type.Name} {value}: wrote before its position");
            Assert.That(buffer.AsSpan(start + codec.RunMaxBytes).ToArray(), Is.All.EqualTo(Sentinel), $"{type.Name} {value}: wrote past its most bytes");
            using var reader = new SlimReader(buffer.AsSpan(start, end - start).ToArray());
            object read = codec.ReadMethod.Invoke(reader, null)!;
            Assert.That(read, Is.EqualTo(value), $"{type.Name}: read back");
            Assert.That(reader.IsAtEnd, Is.True, $"{type.Name} {value}: the reader read every byte written");
        }
    }

    /// <summary>A run reads at a position with at least the field's most bytes buffered after it: a value at the very end of the input.</summary>
    [TestCaseSource(nameof(RunTypes))]
    public void RunRead_ExtremeValues_ReadsWhatItWroteAndNoMore(Type type)
    {
        StreamerFormat.Default.TryGetCodec(type, out NativeTypeCodec? codec);
        if (codec!.RunReadMethod is null)
        {
            Assert.That(type, Is.AnyOf(typeof(decimal), typeof(DateTimeOffset), typeof(DateOnly), typeof(TimeOnly)), "only these end a read run");
            return;
        }
        foreach (object value in ExtremesOf(type))
        {
            byte[] buffer = new byte[3 + codec.RunMaxBytes];
            int end = (int)codec.RunWriteMethod!.Invoke(null, [buffer, 3, value])!;
            using var reader = new SlimReader(buffer);
            object?[] arguments = [reader, buffer, 3];
            object read = codec.RunReadMethod.Invoke(null, arguments)!;
            Assert.That(read, Is.EqualTo(value), $"{type.Name}: read back");
            Assert.That(arguments[2], Is.EqualTo(end), $"{type.Name} {value}: the run's position after the value");
        }
    }

    [Test]
    public void RunTypes_CoverTheFixedSizeBuiltIns()
    {
        Type[] expected = [typeof(bool), typeof(byte), typeof(sbyte), typeof(char), typeof(short), typeof(ushort), typeof(int), typeof(uint),
            typeof(long), typeof(ulong), typeof(Half), typeof(float), typeof(double), typeof(decimal), typeof(DateTime), typeof(DateTimeOffset),
            typeof(TimeSpan), typeof(DateOnly), typeof(TimeOnly), typeof(Guid)];
        Type[] actual = RunTypes().Select(data => (Type)data.Arguments[0]!).ToArray();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(StreamerFormat.Default.TryGetCodec(typeof(BigInteger), out NativeTypeCodec? big) && big.RunWriteMethod is null, Is.True,
            "BigInteger has no bound: it must never join a run");
        Assert.That(StreamerFormat.Default.TryGetCodec(typeof(int?), out NativeTypeCodec? nullable) && nullable is { RunNullable: true, RunMaxBytes: 6 }, Is.True,
            "int? is a presence byte and an int");
    }
}
