using System.Numerics;
using NFX.Tests.StreamerFormats.Infrastructure;

namespace NFX.Tests.StreamerFormats.RoundTrip;

// One fixture per scalar native type; the contract lives in RoundTripTester<T>.

/// <summary>Round trips of bool.</summary>
public sealed class BooleanRoundTripTests() : RoundTripTester<bool>(Samples.Boolean);

/// <summary>Round trips of byte.</summary>
public sealed class ByteRoundTripTests() : RoundTripTester<byte>(Samples.Byte);

/// <summary>Round trips of sbyte.</summary>
public sealed class SByteRoundTripTests() : RoundTripTester<sbyte>(Samples.SByte);

/// <summary>Round trips of char.</summary>
public sealed class CharRoundTripTests() : RoundTripTester<char>(Samples.Char);

/// <summary>Round trips of short.</summary>
public sealed class Int16RoundTripTests() : RoundTripTester<short>(Samples.Int16);

/// <summary>Round trips of ushort.</summary>
public sealed class UInt16RoundTripTests() : RoundTripTester<ushort>(Samples.UInt16);

/// <summary>Round trips of int.</summary>
public sealed class Int32RoundTripTests() : RoundTripTester<int>(Samples.Int32);

/// <summary>Round trips of uint.</summary>
public sealed class UInt32RoundTripTests() : RoundTripTester<uint>(Samples.UInt32);

/// <summary>Round trips of long.</summary>
public sealed class Int64RoundTripTests() : RoundTripTester<long>(Samples.Int64);

/// <summary>Round trips of ulong.</summary>
public sealed class UInt64RoundTripTests() : RoundTripTester<ulong>(Samples.UInt64);

/// <summary>Round trips of Int128.</summary>
public sealed class Int128RoundTripTests() : RoundTripTester<Int128>(Samples.Int128);

/// <summary>Round trips of UInt128.</summary>
public sealed class UInt128RoundTripTests() : RoundTripTester<UInt128>(Samples.UInt128);

/// <summary>Round trips of Half.</summary>
public sealed class HalfRoundTripTests() : RoundTripTester<Half>(Samples.Half);

/// <summary>Round trips of float.</summary>
public sealed class SingleRoundTripTests() : RoundTripTester<float>(Samples.Single);

/// <summary>Round trips of double.</summary>
public sealed class DoubleRoundTripTests() : RoundTripTester<double>(Samples.Double);

/// <summary>Round trips of decimal.</summary>
public sealed class DecimalRoundTripTests() : RoundTripTester<decimal>(Samples.Decimal);

/// <summary>Round trips of BigInteger.</summary>
public sealed class BigIntegerRoundTripTests() : RoundTripTester<BigInteger>(Samples.BigInteger);

/// <summary>Round trips of DateTime.</summary>
public sealed class DateTimeRoundTripTests() : RoundTripTester<DateTime>(Samples.DateTime);

/// <summary>Round trips of DateTimeOffset.</summary>
public sealed class DateTimeOffsetRoundTripTests() : RoundTripTester<DateTimeOffset>(Samples.DateTimeOffset);

/// <summary>Round trips of TimeSpan.</summary>
public sealed class TimeSpanRoundTripTests() : RoundTripTester<TimeSpan>(Samples.TimeSpan);

/// <summary>Round trips of DateOnly.</summary>
public sealed class DateOnlyRoundTripTests() : RoundTripTester<DateOnly>(Samples.DateOnly);

/// <summary>Round trips of TimeOnly.</summary>
public sealed class TimeOnlyRoundTripTests() : RoundTripTester<TimeOnly>(Samples.TimeOnly);

/// <summary>Round trips of Guid.</summary>
public sealed class GuidRoundTripTests() : RoundTripTester<Guid>(Samples.Guid);

/// <summary>Round trips of string.</summary>
public sealed class StringRoundTripTests() : RoundTripTester<string?>(Samples.String);

/// <summary>Round trips of byte[].</summary>
public sealed class ByteArrayRoundTripTests() : RoundTripTester<byte[]?>(Samples.ByteArray);
