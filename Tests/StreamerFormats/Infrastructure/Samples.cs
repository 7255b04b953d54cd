using System.Numerics;
using System.Text;

namespace NFX.Tests.StreamerFormats.Infrastructure;

/// <summary>The values a type is tested with and the equality that decides whether one survived the wire.</summary>
public sealed record Sample<T>(IReadOnlyList<T> Values, IEqualityComparer<T> Comparer);

/// <summary>
/// Boundary values of every native type: 0, +/-1, each varint length boundary, Min/Max, special floats,
/// decimal extremes, DateTime extremes of each Kind, extreme offsets.
/// </summary>
public static class Samples
{
    private static readonly DateTime s_leapDay = new(2024, 2, 29, 13, 45, 12, 345);

    /// <summary>bool.</summary>
    public static Sample<bool> Boolean { get; } = Of(false, true);

    /// <summary>byte.</summary>
    public static Sample<byte> Byte { get; } = Of<byte>(0, 1, 0x7F, 0x80, 0xFE, 0xFF);

    /// <summary>sbyte.</summary>
    public static Sample<sbyte> SByte { get; } = Of<sbyte>(0, 1, -1, 63, -64, sbyte.MaxValue, sbyte.MinValue);

    /// <summary>char, including the varint boundaries of a UTF-16 unit and a lone surrogate (a char is a code unit).</summary>
    public static Sample<char> Char { get; } = Of('\0', 'A', '\u007F', '\u0080', '\u3FFF', '\u4000', '\uD800', '\uDFFF', '\uFFFE', '\uFFFF');

    /// <summary>short.</summary>
    public static Sample<short> Int16 { get; } = new(SignedBoundaries(16).Select(v => (short)v).ToArray(), EqualityComparer<short>.Default);

    /// <summary>ushort.</summary>
    public static Sample<ushort> UInt16 { get; } = new(UnsignedBoundaries(16).Select(v => (ushort)v).ToArray(), EqualityComparer<ushort>.Default);

    /// <summary>int.</summary>
    public static Sample<int> Int32 { get; } = new(SignedBoundaries(32).Select(v => (int)v).ToArray(), EqualityComparer<int>.Default);

    /// <summary>uint.</summary>
    public static Sample<uint> UInt32 { get; } = new(UnsignedBoundaries(32).Select(v => (uint)v).ToArray(), EqualityComparer<uint>.Default);

    /// <summary>long.</summary>
    public static Sample<long> Int64 { get; } = new(SignedBoundaries(64).Select(v => (long)v).ToArray(), EqualityComparer<long>.Default);

    /// <summary>ulong.</summary>
    public static Sample<ulong> UInt64 { get; } = new(UnsignedBoundaries(64).Select(v => (ulong)v).ToArray(), EqualityComparer<ulong>.Default);

    /// <summary>Int128.</summary>
    public static Sample<Int128> Int128 { get; } = new(SignedBoundaries(128).Select(v => (Int128)v).ToArray(), EqualityComparer<Int128>.Default);

    /// <summary>UInt128.</summary>
    public static Sample<UInt128> UInt128 { get; } = new(UnsignedBoundaries(128).Select(v => (UInt128)v).ToArray(), EqualityComparer<UInt128>.Default);

    /// <summary>Half, bit-exact.</summary>
    public static Sample<Half> Half { get; } = new(
    [
        (Half)0, -(Half)0, (Half)1, (Half)(-1), System.Half.NaN, BitConverter.UInt16BitsToHalf(0x7E01),
        System.Half.PositiveInfinity, System.Half.NegativeInfinity, System.Half.MinValue, System.Half.MaxValue, System.Half.Epsilon,
    ], WireComparers.Half);

    /// <summary>float, bit-exact.</summary>
    public static Sample<float> Single { get; } = new(
    [
        0f, -0f, 1f, -1f, float.NaN, BitConverter.UInt32BitsToSingle(0x7FC0_1234), BitConverter.UInt32BitsToSingle(0xFF80_0001),
        float.PositiveInfinity, float.NegativeInfinity, float.MinValue, float.MaxValue, float.Epsilon, 3.14159274f,
    ], WireComparers.Single);

    /// <summary>double, bit-exact.</summary>
    public static Sample<double> Double { get; } = new(
    [
        0d, -0d, 1d, -1d, double.NaN, BitConverter.UInt64BitsToDouble(0x7FF8_0000_DEAD_BEEF), BitConverter.UInt64BitsToDouble(0xFFF0_0000_0000_0001),
        double.PositiveInfinity, double.NegativeInfinity, double.MinValue, double.MaxValue, double.Epsilon, Math.PI,
    ], WireComparers.Double);

    /// <summary>decimal, with scale and sign kept: extremes, 28 and 29 digits, scale 0 and 28, negative zero.</summary>
    public static Sample<decimal> Decimal { get; } = new(
    [
        0m, new decimal(0, 0, 0, isNegative: true, scale: 0), new decimal(0, 0, 0, false, 28), 1m, -1m, 1.0m, 1.00m, 123.23m, -123.23m,
        decimal.MaxValue, decimal.MinValue,
        0.0000000000000000000000000001m, -0.0000000000000000000000000001m,
        7.9228162514264337593543950335m, -7.9228162514264337593543950335m,
        1234567890123456789012345678m, 1.234567890123456789012345678m,
        ulong.MaxValue, (decimal)ulong.MaxValue + 1, (decimal)long.MinValue,
    ], WireComparers.Decimal);

    /// <summary>BigInteger: sign boundaries of each byte length and large magnitudes.</summary>
    public static Sample<BigInteger> BigInteger { get; } = Of(
        System.Numerics.BigInteger.Zero, System.Numerics.BigInteger.One, System.Numerics.BigInteger.MinusOne, 127, 128, -128, -129, 255, 256,
        ulong.MaxValue, -(System.Numerics.BigInteger)ulong.MaxValue, System.Numerics.BigInteger.Pow(2, 200), -System.Numerics.BigInteger.Pow(3, 300));

    /// <summary>DateTime: Min and Max with each Kind, an ordinary value with each Kind.</summary>
    public static Sample<DateTime> DateTime { get; } = new(
        Enum.GetValues<DateTimeKind>().SelectMany(kind => new[]
        {
            System.DateTime.SpecifyKind(System.DateTime.MinValue, kind),
            System.DateTime.SpecifyKind(System.DateTime.MaxValue, kind),
            System.DateTime.SpecifyKind(s_leapDay.AddTicks(1234), kind),
            System.DateTime.SpecifyKind(System.DateTime.UnixEpoch, kind),
        }).ToArray(), WireComparers.DateTime);

    /// <summary>DateTimeOffset: extremes with offset 0 and with +/-14 hours, odd offsets.</summary>
    public static Sample<DateTimeOffset> DateTimeOffset { get; } = new(
    [
        System.DateTimeOffset.MinValue, System.DateTimeOffset.MaxValue,
        new(System.DateTime.MinValue.AddHours(14), System.TimeSpan.FromHours(14)),
        new(System.DateTime.MaxValue.AddHours(-14), System.TimeSpan.FromHours(-14)),
        new(System.DateTime.MaxValue, System.TimeSpan.Zero),
        new(s_leapDay, System.TimeSpan.FromHours(14)), new(s_leapDay, System.TimeSpan.FromHours(-14)),
        new(s_leapDay, new System.TimeSpan(5, 30, 0)), new(s_leapDay, new System.TimeSpan(-9, -30, 0)), new(s_leapDay, new System.TimeSpan(5, 45, 0)),
    ], WireComparers.DateTimeOffset);

    /// <summary>TimeSpan.</summary>
    public static Sample<TimeSpan> TimeSpan { get; } = Of(
        System.TimeSpan.Zero, System.TimeSpan.FromTicks(1), System.TimeSpan.FromTicks(-1), System.TimeSpan.MinValue, System.TimeSpan.MaxValue,
        System.TimeSpan.FromHours(12), System.TimeSpan.FromDays(-10000));

    /// <summary>DateOnly.</summary>
    public static Sample<DateOnly> DateOnly { get; } = Of(System.DateOnly.MinValue, System.DateOnly.MaxValue, System.DateOnly.FromDateTime(s_leapDay));

    /// <summary>TimeOnly.</summary>
    public static Sample<TimeOnly> TimeOnly { get; } = Of(System.TimeOnly.MinValue, System.TimeOnly.MaxValue, System.TimeOnly.FromDateTime(s_leapDay));

    /// <summary>Guid.</summary>
    public static Sample<Guid> Guid { get; } = Of(
        System.Guid.Empty, System.Guid.AllBitsSet, System.Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"), System.Guid.Parse("f0e1d2c3-b4a5-9687-7869-5a4b3c2d1e0f"));

    /// <summary>
    /// Strings: null, empty, ASCII at the one-byte-prefix boundaries, multi-byte, surrogate pairs, lengths around the
    /// writer's 4 KB chunks, and one million characters mixing 1- to 4-byte UTF-8 sequences.
    /// </summary>
    public static Sample<string?> String { get; } = new(
    [
        null, "", "a", "hello, world", new string('x', 42), new string('x', 43), new string('y', 126), new string('y', 127),
        "h\u00E9llo", "\u65E5\u672C\u8A9E", "\U0001F600", "a\U0001F600b\U0001F4A9c", "\u00FF\u07FF\u0800\uFFFD\uFFFF",
        new string('z', 4095), new string('z', 4096), new string('z', 4097),
        Repeat("\u00E9\u4E2D", 2100), Repeat("\U0001F600", 2049),
        Mixed(1_000_000),
    ], EqualityComparer<string?>.Default);

    /// <summary>byte[]: null, empty, small, larger than the writer's chunk.</summary>
    public static Sample<byte[]?> ByteArray { get; } = new(
        [null, [], [0], [1, 2, 3, 0xFF], Enumerable.Range(0, 300).Select(i => (byte)i).ToArray(), Enumerable.Range(0, 70_000).Select(i => (byte)(i * 7)).ToArray()],
        WireComparers.Array(EqualityComparer<byte>.Default));

    /// <summary>Every varint length boundary of a signed <paramref name="bits"/>-bit ZigZag value, plus Min/Max.</summary>
    private static IEnumerable<BigInteger> SignedBoundaries(int bits)
    {
        BigInteger min = -System.Numerics.BigInteger.Pow(2, bits - 1), max = System.Numerics.BigInteger.Pow(2, bits - 1) - 1;
        var values = new SortedSet<BigInteger> { 0, 1, -1, min, max, min + 1, max - 1 };
        for (int k = 1; 7 * k < bits; k++)
        {
            // ZigZag puts v >= 0 at 2v and v < 0 at -2v-1: the k-byte limit 2^(7k) is crossed at +2^(7k-1) and -2^(7k-1)-1.
            BigInteger half = System.Numerics.BigInteger.Pow(2, 7 * k - 1);
            values.UnionWith([half - 1, half, -half, -half - 1]);
        }
        return values;
    }

    /// <summary>Every varint length boundary of an unsigned <paramref name="bits"/>-bit value, plus Max.</summary>
    private static IEnumerable<BigInteger> UnsignedBoundaries(int bits)
    {
        BigInteger max = System.Numerics.BigInteger.Pow(2, bits) - 1;
        var values = new SortedSet<BigInteger> { 0, 1, max, max - 1 };
        for (int k = 1; 7 * k < bits; k++)
        {
            BigInteger limit = System.Numerics.BigInteger.Pow(2, 7 * k);
            values.UnionWith([limit - 1, limit]);
        }
        return values;
    }

    private static Sample<T> Of<T>(params T[] values) => new(values, EqualityComparer<T>.Default);

    private static string Repeat(string unit, int count) => new StringBuilder(unit.Length * count).Insert(0, unit, count).ToString();

    /// <summary>A deterministic string of <paramref name="length"/> chars mixing ASCII, 2-, 3- and 4-byte UTF-8.</summary>
    private static string Mixed(int length)
    {
        var builder = new StringBuilder(length);
        var random = new Random(20240229);
        while (builder.Length < length - 1)
        {
            switch (random.Next(4))
            {
                case 0: builder.Append((char)random.Next(0x20, 0x7F)); break;
                case 1: builder.Append((char)random.Next(0x80, 0x800)); break;
                case 2: builder.Append((char)random.Next(0x800, 0xD800)); break;
                default: builder.Append(char.ConvertFromUtf32(random.Next(0x10000, 0x110000))); break;
            }
        }
        return builder.Append('!').ToString(0, length);
    }
}
