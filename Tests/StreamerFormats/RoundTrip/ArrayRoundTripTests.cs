using System.Numerics;
using NFX.Tests.StreamerFormats.Infrastructure;

namespace NFX.Tests.StreamerFormats.RoundTrip;

// One fixture per array type; the samples are null, empty, the scalar samples, and a long array that crosses chunks.

/// <summary>Round trips of bool[].</summary>
public sealed class BooleanArrayRoundTripTests() : RoundTripTester<bool[]?>(SampleShapes.Array(Samples.Boolean));

/// <summary>Round trips of sbyte[].</summary>
public sealed class SByteArrayRoundTripTests() : RoundTripTester<sbyte[]?>(SampleShapes.Array(Samples.SByte));

/// <summary>Round trips of char[].</summary>
public sealed class CharArrayRoundTripTests() : RoundTripTester<char[]?>(SampleShapes.Array(Samples.Char));

/// <summary>Round trips of short[].</summary>
public sealed class Int16ArrayRoundTripTests() : RoundTripTester<short[]?>(SampleShapes.Array(Samples.Int16));

/// <summary>Round trips of ushort[].</summary>
public sealed class UInt16ArrayRoundTripTests() : RoundTripTester<ushort[]?>(SampleShapes.Array(Samples.UInt16));

/// <summary>Round trips of int[].</summary>
public sealed class Int32ArrayRoundTripTests() : RoundTripTester<int[]?>(SampleShapes.Array(Samples.Int32));

/// <summary>Round trips of uint[].</summary>
public sealed class UInt32ArrayRoundTripTests() : RoundTripTester<uint[]?>(SampleShapes.Array(Samples.UInt32));

/// <summary>Round trips of long[].</summary>
public sealed class Int64ArrayRoundTripTests() : RoundTripTester<long[]?>(SampleShapes.Array(Samples.Int64));

/// <summary>Round trips of ulong[].</summary>
public sealed class UInt64ArrayRoundTripTests() : RoundTripTester<ulong[]?>(SampleShapes.Array(Samples.UInt64));

/// <summary>Round trips of Int128[].</summary>
public sealed class Int128ArrayRoundTripTests() : RoundTripTester<Int128[]?>(SampleShapes.Array(Samples.Int128));

/// <summary>Round trips of UInt128[].</summary>
public sealed class UInt128ArrayRoundTripTests() : RoundTripTester<UInt128[]?>(SampleShapes.Array(Samples.UInt128));

/// <summary>Round trips of Half[].</summary>
public sealed class HalfArrayRoundTripTests() : RoundTripTester<Half[]?>(SampleShapes.Array(Samples.Half));

/// <summary>Round trips of float[].</summary>
public sealed class SingleArrayRoundTripTests() : RoundTripTester<float[]?>(SampleShapes.Array(Samples.Single));

/// <summary>Round trips of double[].</summary>
public sealed class DoubleArrayRoundTripTests() : RoundTripTester<double[]?>(SampleShapes.Array(Samples.Double));

/// <summary>Round trips of decimal[].</summary>
public sealed class DecimalArrayRoundTripTests() : RoundTripTester<decimal[]?>(SampleShapes.Array(Samples.Decimal));

/// <summary>Round trips of BigInteger[].</summary>
public sealed class BigIntegerArrayRoundTripTests() : RoundTripTester<BigInteger[]?>(SampleShapes.Array(Samples.BigInteger));

/// <summary>Round trips of DateTime[].</summary>
public sealed class DateTimeArrayRoundTripTests() : RoundTripTester<DateTime[]?>(SampleShapes.Array(Samples.DateTime));

/// <summary>Round trips of DateTimeOffset[].</summary>
public sealed class DateTimeOffsetArrayRoundTripTests() : RoundTripTester<DateTimeOffset[]?>(SampleShapes.Array(Samples.DateTimeOffset));

/// <summary>Round trips of TimeSpan[].</summary>
public sealed class TimeSpanArrayRoundTripTests() : RoundTripTester<TimeSpan[]?>(SampleShapes.Array(Samples.TimeSpan));

/// <summary>Round trips of DateOnly[].</summary>
public sealed class DateOnlyArrayRoundTripTests() : RoundTripTester<DateOnly[]?>(SampleShapes.Array(Samples.DateOnly));

/// <summary>Round trips of TimeOnly[].</summary>
public sealed class TimeOnlyArrayRoundTripTests() : RoundTripTester<TimeOnly[]?>(SampleShapes.Array(Samples.TimeOnly));

/// <summary>Round trips of Guid[].</summary>
public sealed class GuidArrayRoundTripTests() : RoundTripTester<Guid[]?>(SampleShapes.Array(Samples.Guid));
