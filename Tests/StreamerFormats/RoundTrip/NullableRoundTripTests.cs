using System.Numerics;
using NFX.Tests.StreamerFormats.Infrastructure;

namespace NFX.Tests.StreamerFormats.RoundTrip;

// One fixture per Nullable<T>; the samples are the scalar ones with nulls around them.

/// <summary>Round trips of bool?.</summary>
public sealed class NullableBooleanRoundTripTests() : RoundTripTester<bool?>(SampleShapes.Nullable(Samples.Boolean));

/// <summary>Round trips of byte?.</summary>
public sealed class NullableByteRoundTripTests() : RoundTripTester<byte?>(SampleShapes.Nullable(Samples.Byte));

/// <summary>Round trips of sbyte?.</summary>
public sealed class NullableSByteRoundTripTests() : RoundTripTester<sbyte?>(SampleShapes.Nullable(Samples.SByte));

/// <summary>Round trips of char?.</summary>
public sealed class NullableCharRoundTripTests() : RoundTripTester<char?>(SampleShapes.Nullable(Samples.Char));

/// <summary>Round trips of short?.</summary>
public sealed class NullableInt16RoundTripTests() : RoundTripTester<short?>(SampleShapes.Nullable(Samples.Int16));

/// <summary>Round trips of ushort?.</summary>
public sealed class NullableUInt16RoundTripTests() : RoundTripTester<ushort?>(SampleShapes.Nullable(Samples.UInt16));

/// <summary>Round trips of int?.</summary>
public sealed class NullableInt32RoundTripTests() : RoundTripTester<int?>(SampleShapes.Nullable(Samples.Int32));

/// <summary>Round trips of uint?.</summary>
public sealed class NullableUInt32RoundTripTests() : RoundTripTester<uint?>(SampleShapes.Nullable(Samples.UInt32));

/// <summary>Round trips of long?.</summary>
public sealed class NullableInt64RoundTripTests() : RoundTripTester<long?>(SampleShapes.Nullable(Samples.Int64));

/// <summary>Round trips of ulong?.</summary>
public sealed class NullableUInt64RoundTripTests() : RoundTripTester<ulong?>(SampleShapes.Nullable(Samples.UInt64));

/// <summary>Round trips of Int128?.</summary>
public sealed class NullableInt128RoundTripTests() : RoundTripTester<Int128?>(SampleShapes.Nullable(Samples.Int128));

/// <summary>Round trips of UInt128?.</summary>
public sealed class NullableUInt128RoundTripTests() : RoundTripTester<UInt128?>(SampleShapes.Nullable(Samples.UInt128));

/// <summary>Round trips of Half?.</summary>
public sealed class NullableHalfRoundTripTests() : RoundTripTester<Half?>(SampleShapes.Nullable(Samples.Half));

/// <summary>Round trips of float?.</summary>
public sealed class NullableSingleRoundTripTests() : RoundTripTester<float?>(SampleShapes.Nullable(Samples.Single));

/// <summary>Round trips of double?.</summary>
public sealed class NullableDoubleRoundTripTests() : RoundTripTester<double?>(SampleShapes.Nullable(Samples.Double));

/// <summary>Round trips of decimal?.</summary>
public sealed class NullableDecimalRoundTripTests() : RoundTripTester<decimal?>(SampleShapes.Nullable(Samples.Decimal));

/// <summary>Round trips of BigInteger?.</summary>
public sealed class NullableBigIntegerRoundTripTests() : RoundTripTester<BigInteger?>(SampleShapes.Nullable(Samples.BigInteger));

/// <summary>Round trips of DateTime?.</summary>
public sealed class NullableDateTimeRoundTripTests() : RoundTripTester<DateTime?>(SampleShapes.Nullable(Samples.DateTime));

/// <summary>Round trips of DateTimeOffset?.</summary>
public sealed class NullableDateTimeOffsetRoundTripTests() : RoundTripTester<DateTimeOffset?>(SampleShapes.Nullable(Samples.DateTimeOffset));

/// <summary>Round trips of TimeSpan?.</summary>
public sealed class NullableTimeSpanRoundTripTests() : RoundTripTester<TimeSpan?>(SampleShapes.Nullable(Samples.TimeSpan));

/// <summary>Round trips of DateOnly?.</summary>
public sealed class NullableDateOnlyRoundTripTests() : RoundTripTester<DateOnly?>(SampleShapes.Nullable(Samples.DateOnly));

/// <summary>Round trips of TimeOnly?.</summary>
public sealed class NullableTimeOnlyRoundTripTests() : RoundTripTester<TimeOnly?>(SampleShapes.Nullable(Samples.TimeOnly));

/// <summary>Round trips of Guid?.</summary>
public sealed class NullableGuidRoundTripTests() : RoundTripTester<Guid?>(SampleShapes.Nullable(Samples.Guid));
