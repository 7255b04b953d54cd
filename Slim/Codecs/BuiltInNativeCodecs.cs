using System.Numerics;
using NFX.IO;
using NFX.Slim.CodeGen;

namespace NFX.Slim.Codecs;

/// <summary>
/// The codec of each built-in native type (StreamerFormats' table), instantiated when Slim is compiled: an app that
/// builds no codecs at run time cannot make <c>NativeCodec&lt;T&gt;</c> for a value type by reflection, and an app that
/// can makes it without reflection (MakeGenericType and a constructor bound by Activator at a fresh process's first
/// native codec). A test pins this list against the table's rows.
/// </summary>
/// <remarks>
/// Found by the row's index, each codec made by a method of its own: a method naming every <c>NativeCodec&lt;T&gt;</c>
/// makes all 70 types when the JIT compiles it (a comparison with <c>typeof</c> or a <c>new</c> of each).
/// </remarks>
internal static class BuiltInNativeCodecs
{
    /// <summary>The codec of <paramref name="type"/> written by <paramref name="native"/>, or null when it is no built-in row's type.</summary>
    public static SlimCodec? Create(Type type, NativeTypeCodec native) =>
        BuiltInNativeTypes.IndexOf(type) switch
        {
            < 0 => null,
            < BuiltInNativeTypes.FirstArray and var index => Value(index, native),
            < BuiltInNativeTypes.FirstNullable and var index => Array(index, native),
            var index => Nullable(index, native),
        };

    // The value types and string.
    private static SlimCodec Value(int index, NativeTypeCodec native)
    {
        switch (index)
        {
            case 0: return Boolean(native);
            case 1: return Byte(native);
            case 2: return SByte(native);
            case 3: return Char(native);
            case 4: return Int16(native);
            case 5: return UInt16(native);
            case 6: return Int32(native);
            case 7: return UInt32(native);
            case 8: return Int64(native);
            case 9: return UInt64(native);
            case 10: return Int128(native);
            case 11: return UInt128(native);
            case 12: return Half(native);
            case 13: return Single(native);
            case 14: return Double(native);
            case 15: return Decimal(native);
            case 16: return BigInteger(native);
            case 17: return DateTime(native);
            case 18: return DateTimeOffset(native);
            case 19: return TimeSpan(native);
            case 20: return DateOnly(native);
            case 21: return TimeOnly(native);
            case 22: return Guid(native);
            case 23: return String(native);
            default: throw new ArgumentOutOfRangeException(nameof(index));
        }
    }

    // The arrays.
    private static SlimCodec Array(int index, NativeTypeCodec native)
    {
        switch (index)
        {
            case 24: return ByteArray(native);
            case 25: return BooleanArray(native);
            case 26: return SByteArray(native);
            case 27: return CharArray(native);
            case 28: return Int16Array(native);
            case 29: return UInt16Array(native);
            case 30: return Int32Array(native);
            case 31: return UInt32Array(native);
            case 32: return Int64Array(native);
            case 33: return UInt64Array(native);
            case 34: return Int128Array(native);
            case 35: return UInt128Array(native);
            case 36: return HalfArray(native);
            case 37: return SingleArray(native);
            case 38: return DoubleArray(native);
            case 39: return DecimalArray(native);
            case 40: return BigIntegerArray(native);
            case 41: return DateTimeArray(native);
            case 42: return DateTimeOffsetArray(native);
            case 43: return TimeSpanArray(native);
            case 44: return DateOnlyArray(native);
            case 45: return TimeOnlyArray(native);
            case 46: return GuidArray(native);
            default: throw new ArgumentOutOfRangeException(nameof(index));
        }
    }

    // The nullables.
    private static SlimCodec Nullable(int index, NativeTypeCodec native)
    {
        switch (index)
        {
            case 47: return NullableBoolean(native);
            case 48: return NullableByte(native);
            case 49: return NullableSByte(native);
            case 50: return NullableChar(native);
            case 51: return NullableInt16(native);
            case 52: return NullableUInt16(native);
            case 53: return NullableInt32(native);
            case 54: return NullableUInt32(native);
            case 55: return NullableInt64(native);
            case 56: return NullableUInt64(native);
            case 57: return NullableInt128(native);
            case 58: return NullableUInt128(native);
            case 59: return NullableHalf(native);
            case 60: return NullableSingle(native);
            case 61: return NullableDouble(native);
            case 62: return NullableDecimal(native);
            case 63: return NullableBigInteger(native);
            case 64: return NullableDateTime(native);
            case 65: return NullableDateTimeOffset(native);
            case 66: return NullableTimeSpan(native);
            case 67: return NullableDateOnly(native);
            case 68: return NullableTimeOnly(native);
            case 69: return NullableGuid(native);
            default: throw new ArgumentOutOfRangeException(nameof(index));
        }
    }

    private static SlimCodec Boolean(NativeTypeCodec native) => new NativeCodec<bool>(native);
    private static SlimCodec Byte(NativeTypeCodec native) => new NativeCodec<byte>(native);
    private static SlimCodec SByte(NativeTypeCodec native) => new NativeCodec<sbyte>(native);
    private static SlimCodec Char(NativeTypeCodec native) => new NativeCodec<char>(native);
    private static SlimCodec Int16(NativeTypeCodec native) => new NativeCodec<short>(native);
    private static SlimCodec UInt16(NativeTypeCodec native) => new NativeCodec<ushort>(native);
    private static SlimCodec Int32(NativeTypeCodec native) => new NativeCodec<int>(native);
    private static SlimCodec UInt32(NativeTypeCodec native) => new NativeCodec<uint>(native);
    private static SlimCodec Int64(NativeTypeCodec native) => new NativeCodec<long>(native);
    private static SlimCodec UInt64(NativeTypeCodec native) => new NativeCodec<ulong>(native);
    private static SlimCodec Int128(NativeTypeCodec native) => new NativeCodec<Int128>(native);
    private static SlimCodec UInt128(NativeTypeCodec native) => new NativeCodec<UInt128>(native);
    private static SlimCodec Half(NativeTypeCodec native) => new NativeCodec<Half>(native);
    private static SlimCodec Single(NativeTypeCodec native) => new NativeCodec<float>(native);
    private static SlimCodec Double(NativeTypeCodec native) => new NativeCodec<double>(native);
    private static SlimCodec Decimal(NativeTypeCodec native) => new NativeCodec<decimal>(native);
    private static SlimCodec BigInteger(NativeTypeCodec native) => new NativeCodec<BigInteger>(native);
    private static SlimCodec DateTime(NativeTypeCodec native) => new NativeCodec<DateTime>(native);
    private static SlimCodec DateTimeOffset(NativeTypeCodec native) => new NativeCodec<DateTimeOffset>(native);
    private static SlimCodec TimeSpan(NativeTypeCodec native) => new NativeCodec<TimeSpan>(native);
    private static SlimCodec DateOnly(NativeTypeCodec native) => new NativeCodec<DateOnly>(native);
    private static SlimCodec TimeOnly(NativeTypeCodec native) => new NativeCodec<TimeOnly>(native);
    private static SlimCodec Guid(NativeTypeCodec native) => new NativeCodec<Guid>(native);
    private static SlimCodec String(NativeTypeCodec native) => new NativeCodec<string>(native);
    private static SlimCodec ByteArray(NativeTypeCodec native) => new NativeCodec<byte[]>(native);
    private static SlimCodec BooleanArray(NativeTypeCodec native) => new NativeCodec<bool[]>(native);
    private static SlimCodec SByteArray(NativeTypeCodec native) => new NativeCodec<sbyte[]>(native);
    private static SlimCodec CharArray(NativeTypeCodec native) => new NativeCodec<char[]>(native);
    private static SlimCodec Int16Array(NativeTypeCodec native) => new NativeCodec<short[]>(native);
    private static SlimCodec UInt16Array(NativeTypeCodec native) => new NativeCodec<ushort[]>(native);
    private static SlimCodec Int32Array(NativeTypeCodec native) => new NativeCodec<int[]>(native);
    private static SlimCodec UInt32Array(NativeTypeCodec native) => new NativeCodec<uint[]>(native);
    private static SlimCodec Int64Array(NativeTypeCodec native) => new NativeCodec<long[]>(native);
    private static SlimCodec UInt64Array(NativeTypeCodec native) => new NativeCodec<ulong[]>(native);
    private static SlimCodec Int128Array(NativeTypeCodec native) => new NativeCodec<Int128[]>(native);
    private static SlimCodec UInt128Array(NativeTypeCodec native) => new NativeCodec<UInt128[]>(native);
    private static SlimCodec HalfArray(NativeTypeCodec native) => new NativeCodec<Half[]>(native);
    private static SlimCodec SingleArray(NativeTypeCodec native) => new NativeCodec<float[]>(native);
    private static SlimCodec DoubleArray(NativeTypeCodec native) => new NativeCodec<double[]>(native);
    private static SlimCodec DecimalArray(NativeTypeCodec native) => new NativeCodec<decimal[]>(native);
    private static SlimCodec BigIntegerArray(NativeTypeCodec native) => new NativeCodec<BigInteger[]>(native);
    private static SlimCodec DateTimeArray(NativeTypeCodec native) => new NativeCodec<DateTime[]>(native);
    private static SlimCodec DateTimeOffsetArray(NativeTypeCodec native) => new NativeCodec<DateTimeOffset[]>(native);
    private static SlimCodec TimeSpanArray(NativeTypeCodec native) => new NativeCodec<TimeSpan[]>(native);
    private static SlimCodec DateOnlyArray(NativeTypeCodec native) => new NativeCodec<DateOnly[]>(native);
    private static SlimCodec TimeOnlyArray(NativeTypeCodec native) => new NativeCodec<TimeOnly[]>(native);
    private static SlimCodec GuidArray(NativeTypeCodec native) => new NativeCodec<Guid[]>(native);
    private static SlimCodec NullableBoolean(NativeTypeCodec native) => new NativeCodec<bool?>(native);
    private static SlimCodec NullableByte(NativeTypeCodec native) => new NativeCodec<byte?>(native);
    private static SlimCodec NullableSByte(NativeTypeCodec native) => new NativeCodec<sbyte?>(native);
    private static SlimCodec NullableChar(NativeTypeCodec native) => new NativeCodec<char?>(native);
    private static SlimCodec NullableInt16(NativeTypeCodec native) => new NativeCodec<short?>(native);
    private static SlimCodec NullableUInt16(NativeTypeCodec native) => new NativeCodec<ushort?>(native);
    private static SlimCodec NullableInt32(NativeTypeCodec native) => new NativeCodec<int?>(native);
    private static SlimCodec NullableUInt32(NativeTypeCodec native) => new NativeCodec<uint?>(native);
    private static SlimCodec NullableInt64(NativeTypeCodec native) => new NativeCodec<long?>(native);
    private static SlimCodec NullableUInt64(NativeTypeCodec native) => new NativeCodec<ulong?>(native);
    private static SlimCodec NullableInt128(NativeTypeCodec native) => new NativeCodec<Int128?>(native);
    private static SlimCodec NullableUInt128(NativeTypeCodec native) => new NativeCodec<UInt128?>(native);
    private static SlimCodec NullableHalf(NativeTypeCodec native) => new NativeCodec<Half?>(native);
    private static SlimCodec NullableSingle(NativeTypeCodec native) => new NativeCodec<float?>(native);
    private static SlimCodec NullableDouble(NativeTypeCodec native) => new NativeCodec<double?>(native);
    private static SlimCodec NullableDecimal(NativeTypeCodec native) => new NativeCodec<decimal?>(native);
    private static SlimCodec NullableBigInteger(NativeTypeCodec native) => new NativeCodec<BigInteger?>(native);
    private static SlimCodec NullableDateTime(NativeTypeCodec native) => new NativeCodec<DateTime?>(native);
    private static SlimCodec NullableDateTimeOffset(NativeTypeCodec native) => new NativeCodec<DateTimeOffset?>(native);
    private static SlimCodec NullableTimeSpan(NativeTypeCodec native) => new NativeCodec<TimeSpan?>(native);
    private static SlimCodec NullableDateOnly(NativeTypeCodec native) => new NativeCodec<DateOnly?>(native);
    private static SlimCodec NullableTimeOnly(NativeTypeCodec native) => new NativeCodec<TimeOnly?>(native);
    private static SlimCodec NullableGuid(NativeTypeCodec native) => new NativeCodec<Guid?>(native);
}
