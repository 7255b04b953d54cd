using System.Numerics;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>Every StreamerFormats type as a field, a nullable field and an array field of one object (the ancestor's "all types" object).</summary>
public sealed class AllTypesTests
{
    public sealed class AllTypes
    {
        public bool Bool; public byte Byte; public sbyte SByte; public char Char; public short Short; public ushort UShort;
        public int Int; public uint UInt; public long Long; public ulong ULong; public Int128 I128; public UInt128 U128;
        public Half Half; public float Float; public double Double; public decimal Decimal; public BigInteger Big;
        public string? String; public DateTime DateTime; public DateTimeOffset DateTimeOffset; public TimeSpan TimeSpan;
        public DateOnly DateOnly; public TimeOnly TimeOnly; public Guid Guid; public byte[]? Bytes;
        public bool? NBool; public char? NChar; public int? NInt; public long? NLong; public Int128? NI128; public Half? NHalf;
        public double? NDouble; public decimal? NDecimal; public BigInteger? NBig; public DateTime? NDateTime;
        public DateTimeOffset? NDateTimeOffset; public TimeSpan? NTimeSpan; public DateOnly? NDateOnly; public TimeOnly? NTimeOnly;
        public Guid? NGuid; public ByteEnum? NEnum;
        public bool[]? Bools; public sbyte[]? SBytes; public char[]? Chars; public short[]? Shorts; public ushort[]? UShorts;
        public int[]? Ints; public uint[]? UInts; public long[]? Longs; public ulong[]? ULongs; public Int128[]? I128s;
        public UInt128[]? U128s; public Half[]? Halfs; public float[]? Floats; public double[]? Doubles; public decimal[]? Decimals;
        public BigInteger[]? Bigs; public DateTime[]? DateTimes; public DateTimeOffset[]? DateTimeOffsets; public TimeSpan[]? TimeSpans;
        public DateOnly[]? DateOnlys; public TimeOnly[]? TimeOnlys; public Guid[]? Guids; public int?[]? NullableInts;
        public object? BoxedDecimal; public object? BoxedGuid; public object? BoxedBig;
    }

    [Test]
    public void Serialize_EveryNativeTypeAsFieldNullableAndArray_RoundTrips()
    {
        var value = new AllTypes
        {
            Bool = true, Byte = 200, SByte = -100, Char = '€', Short = -30000, UShort = 60000, Int = int.MinValue, UInt = uint.MaxValue,
            Long = long.MinValue, ULong = ulong.MaxValue, I128 = Int128.MinValue, U128 = UInt128.MaxValue, Half = Half.Epsilon,
            Float = float.NegativeZero, Double = double.NaN, Decimal = decimal.MinValue, Big = BigInteger.Pow(3, 200), String = "ü",
            DateTime = DateTime.MaxValue, DateTimeOffset = DateTimeOffset.MinValue, TimeSpan = TimeSpan.MaxValue,
            DateOnly = DateOnly.MinValue, TimeOnly = TimeOnly.MaxValue, Guid = Guid.NewGuid(), Bytes = [0, 255],
            NBool = false, NChar = null, NInt = -1, NLong = null, NI128 = 5, NHalf = Half.MaxValue, NDouble = -0.0, NDecimal = 0.001m,
            NBig = null, NDateTime = new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Local), NDateTimeOffset = DateTimeOffset.UnixEpoch,
            NTimeSpan = TimeSpan.FromTicks(-1), NDateOnly = new DateOnly(2024, 2, 29), NTimeOnly = null, NGuid = Guid.Empty, NEnum = ByteEnum.B,
            Bools = [true, false], SBytes = [-1], Chars = ['a', '\uFFFF'], Shorts = [short.MinValue], UShorts = [ushort.MaxValue],
            Ints = [1, -1], UInts = [uint.MaxValue], Longs = [long.MaxValue], ULongs = [0], I128s = [Int128.MaxValue], U128s = [UInt128.One],
            Halfs = [Half.NaN], Floats = [float.Epsilon], Doubles = [double.MaxValue], Decimals = [decimal.One], Bigs = [BigInteger.MinusOne],
            DateTimes = [DateTime.UnixEpoch], DateTimeOffsets = [DateTimeOffset.MaxValue], TimeSpans = [TimeSpan.Zero],
            DateOnlys = [DateOnly.MaxValue], TimeOnlys = [TimeOnly.MinValue], Guids = [Guid.NewGuid()], NullableInts = [1, null],
            BoxedDecimal = 1.5m, BoxedGuid = Guid.NewGuid(), BoxedBig = new BigInteger(-7),
        };
        RoundTrip.Check(value);
        RoundTrip.Check(new AllTypes());
    }
}
