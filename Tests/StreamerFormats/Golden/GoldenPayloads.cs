using System.Numerics;
using NFX.IO;

namespace NFX.Tests.StreamerFormats.Golden;

/// <summary>
/// One value, how it is written and read (and how a value read back is written again), and its exact encoding as
/// spaced upper-case hex.
/// </summary>
public sealed record GoldenPayload(
    string Name, Action<SlimWriter> Write, Func<SlimReader, object?> Read, Action<SlimWriter, object?> WriteObject, string Hex)
{
    /// <summary>The expected bytes.</summary>
    public byte[] Bytes => Hex.Length == 0 ? [] : Convert.FromHexString(Hex.Replace(" ", "", StringComparison.Ordinal));

    /// <inheritdoc/>
    public override string ToString() => Name;
}

/// <summary>
/// The exact encodings of representative values (the expected hex was produced by an independent implementation
/// of docs/FORMAT.md), so the wire format cannot drift unnoticed. Also the corpus for truncation and byte flips.
/// </summary>
public static class GoldenPayloads
{
    private static readonly DateTime s_y2k = new(2000, 1, 1, 0, 0, 0, DateTimeKind.Utc);
    private static readonly Guid s_guid = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");

    /// <summary>Every golden payload.</summary>
    public static IReadOnlyList<GoldenPayload> All { get; } =
    [
        Case("Boolean false", false, "00"),
        Case("Boolean true", true, "01"),
        Case("Byte AB", (byte)0xAB, "AB"),
        Case("SByte -1", (sbyte)-1, "FF"),
        Case("SByte Min", sbyte.MinValue, "80"),
        Case("Char A", 'A', "41"),
        Case("Char U+00E9", '\u00E9', "E9 01"),
        Case("Char U+FFFF", '\uFFFF', "FF FF 03"),
        Case("Int16 -1", (short)-1, "01"),
        Case("Int16 Min", short.MinValue, "FF FF 03"),
        Case("Int16 Max", short.MaxValue, "FE FF 03"),
        Case("UInt16 300", (ushort)300, "AC 02"),
        Case("UInt32 300", 300u, "AC 02"),
        Case("Int32 0", 0, "00"),
        Case("Int32 1", 1, "02"),
        Case("Int32 -1", -1, "01"),
        Case("Int32 63", 63, "7E"),
        Case("Int32 -64", -64, "7F"),
        Case("Int32 64", 64, "80 01"),
        Case("Int32 -1000", -1000, "CF 0F"),
        Case("Int32 1000000", 1_000_000, "80 89 7A"),
        Case("Int32 Max", int.MaxValue, "FE FF FF FF 0F"),
        Case("Int32 Min", int.MinValue, "FF FF FF FF 0F"),
        Case("UInt32 128", 128u, "80 01"),
        Case("UInt32 Max", uint.MaxValue, "FF FF FF FF 0F"),
        Case("Int64 unix ms 1.7e12", 1_700_000_000_000L, "80 A0 AB FE F9 62"),
        Case("Int64 ticks 6.384e17", 638_400_000_000_000_000L, "80 80 E0 89 DD DA 86 DC 11"),
        Case("Int64 Max", long.MaxValue, "FE FF FF FF FF FF FF FF FF 01"),
        Case("Int64 Min", long.MinValue, "FF FF FF FF FF FF FF FF FF 01"),
        Case("UInt64 Max", ulong.MaxValue, "FF FF FF FF FF FF FF FF FF 01"),
        Case("Int128 Max", Int128.MaxValue, "FE FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF 03"),
        Case("Int128 Min", Int128.MinValue, "FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF 03"),
        Case("Int128 -1", Int128.NegativeOne, "01"),
        Case("UInt128 Max", UInt128.MaxValue, "FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF 03"),
        Case("Half 1", (Half)1, "00 3C"),
        Case("Single -0.0", -0f, "00 00 00 80"),
        Case("Single +Infinity", float.PositiveInfinity, "00 00 80 7F"),
        Case("Double pi", Math.PI, "18 2D 44 54 FB 21 09 40"),
        Case("Double NaN", double.NaN, "00 00 00 00 00 00 F8 FF"),
        Case("Double -Infinity", double.NegativeInfinity, "00 00 00 00 00 00 F0 FF"),
        Case("Decimal 0", 0m, "00 00"),
        Case("Decimal 123.23", 123.23m, "A3 60 02"),
        Case("Decimal -1", -1m, "01 80"),
        Case("Decimal 1.00", 1.00m, "64 02"),
        Case("Decimal -0.5", -0.5m, "05 81"),
        Case("Decimal 1e-28", 0.0000000000000000000000000001m, "01 1C"),
        Case("Decimal Max", decimal.MaxValue, "FF FF FF FF FF FF FF FF FF FF FF FF FF 1F 00"),
        Case("BigInteger 0", BigInteger.Zero, "01 00"),
        Case("BigInteger 128", new BigInteger(128), "02 80 00"),
        Case("BigInteger -1", BigInteger.MinusOne, "01 FF"),
        Case("BigInteger -129", new BigInteger(-129), "02 7F FF"),
        Case("BigInteger -2^64", -BigInteger.Pow(2, 64), "09 00 00 00 00 00 00 00 00 FF"),
        Case("BigInteger 2^64", BigInteger.Pow(2, 64), "09 00 00 00 00 00 00 00 00 01"),
        Case("DateTime 2000-01-01 Utc", s_y2k, "00 40 E4 47 02 22 C1 48"),
        Case("DateTime Min Unspecified", DateTime.MinValue, "00 00 00 00 00 00 00 00"),
        Case("DateTime 2024-02-29 13:45:12 Local", new DateTime(2024, 2, 29, 13, 45, 12, DateTimeKind.Local), "00 A4 D3 A6 2C 39 DC 88"),
        Case("DateTime Max Local", DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Local), "FF 3F 37 F4 75 28 CA AB"),
        Case("DateTimeOffset 2000-01-01 +05:30", new DateTimeOffset(2000, 1, 1, 0, 0, 0, new TimeSpan(5, 30, 0)), "00 40 E4 47 02 22 C1 08 94 05"),
        Case("DateTimeOffset 2024-02-29 13:45 +05:45", new DateTimeOffset(2024, 2, 29, 13, 45, 0, new TimeSpan(5, 45, 0)), "00 96 AC 9F 2C 39 DC 08 B2 05"),
        Case("DateTimeOffset 2000-01-01 -14:00", new DateTimeOffset(2000, 1, 1, 0, 0, 0, TimeSpan.FromHours(-14)), "00 40 E4 47 02 22 C1 08 8F 0D"),
        Case("TimeSpan 12h", TimeSpan.FromHours(12), "80 80 A7 D3 92 19"),
        Case("TimeSpan -1 tick", TimeSpan.FromTicks(-1), "01"),
        Case("DateOnly 2000-01-01", new DateOnly(2000, 1, 1), "87 C8 2C"),
        Case("DateOnly Max", DateOnly.MaxValue, "DA F3 DE 01"),
        Case("TimeOnly 12:00", new TimeOnly(12, 0), "80 C0 D3 A9 C9 0C"),
        Case("TimeOnly Max", TimeOnly.MaxValue, "FF FF A6 D3 92 19"),
        Case("Guid", s_guid, "33 22 11 00 55 44 77 66 88 99 AA BB CC DD EE FF"),
        Case<string?>("String null", null, "00"),
        Case<string?>("String empty", "", "01"),
        Case<string?>("String abc", "abc", "04 61 62 63"),
        Case<string?>("String e-acute", "\u00E9", "03 C3 A9"),
        Case<string?>("String CJK", "\u65E5\u672C", "07 E6 97 A5 E6 9C AC"),
        Case<string?>("String lone high surrogate", "\uD800", "04 EF BF BD"),
        Case<string?>("String surrogate pair", "\U0001F600", "05 F0 9F 98 80"),
        Case<byte[]?>("ByteArray null", null, "00"),
        Case<byte[]?>("ByteArray empty", [], "01"),
        Case<byte[]?>("ByteArray 1 2 3", [1, 2, 3], "04 01 02 03"),
        Case<bool[]?>("BooleanArray true false", [true, false], "03 01 00"),
        Case<char[]?>("CharArray A U+00E9", ['A', '\u00E9'], "03 41 00 E9 00"),
        Case<int[]?>("Int32Array null", null, "00"),
        Case<int[]?>("Int32Array empty", [], "01"),
        Case<int[]?>("Int32Array 1 -1", [1, -1], "03 01 00 00 00 FF FF FF FF"),
        Case<short[]?>("Int16Array 1 -2 300", [1, -2, 300], "04 01 00 FE FF 2C 01"),
        Case<Half[]?>("HalfArray 1 -2", [(Half)1, (Half)(-2)], "03 00 3C 00 C0"),
        Case<long[]?>("Int64Array 1 -1", [1, -1], "03 01 00 00 00 00 00 00 00 FF FF FF FF FF FF FF FF"),
        Case<Int128[]?>("Int128Array -1", [Int128.NegativeOne], "02 FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF"),
        Case<double[]?>("DoubleArray 1.5", [1.5], "02 00 00 00 00 00 00 F8 3F"),
        Case<Guid[]?>("GuidArray one", [s_guid], "02 33 22 11 00 55 44 77 66 88 99 AA BB CC DD EE FF"),
        Case<decimal[]?>("DecimalArray 1.5 -0.25", [1.5m, -0.25m], "03 0F 01 19 82"),
        Case<DateTime[]?>("DateTimeArray 2000 Utc", [s_y2k], "02 00 40 E4 47 02 22 C1 48"),
        Case<DateOnly[]?>("DateOnlyArray 2000 Max", [new DateOnly(2000, 1, 1), DateOnly.MaxValue], "03 87 C8 2C DA F3 DE 01"),
        Case<TimeSpan[]?>("TimeSpanArray 1s", [TimeSpan.FromSeconds(1)], "02 80 DA C4 09"),
        Case<int?>("NullableInt32 null", null, "00"),
        Case<int?>("NullableInt32 5", 5, "01 0A"),
        Case<long?>("NullableInt64 unix ms", 1_700_000_000_000L, "01 80 A0 AB FE F9 62"),
        Case<decimal?>("NullableDecimal 123.23", 123.23m, "01 A3 60 02"),
        Case<bool?>("NullableBoolean false", false, "01 00"),
        Case<double?>("NullableDouble 1.5", 1.5, "01 00 00 00 00 00 00 F8 3F"),
        Case<DateTime?>("NullableDateTime 2000 Utc", s_y2k, "01 00 40 E4 47 02 22 C1 48"),
        Case<Guid?>("NullableGuid null", null, "00"),
    ];

    private static GoldenPayload Case<T>(string name, T value, string hex)
    {
        if (!StreamerFormat.Default.TryGetCodec(typeof(T), out NativeTypeCodec? codec))
        {
            throw new InvalidOperationException($"{typeof(T)} is not native");
        }
        Action<SlimWriter, T> write = codec.GetWriter<T>();
        Func<SlimReader, T> read = codec.GetReader<T>();
        return new GoldenPayload(name, w => write(w, value), r => read(r), (w, o) => write(w, (T)o!), hex);
    }
}
