using System.Numerics;
using NFX.IO;
using NFX.Slim.CodeGen;

namespace NFX.Slim.Codecs;

/// <summary>
/// The codec of each built-in native type (StreamerFormats' table), instantiated when Slim is compiled: an app that
/// builds no codecs at run time cannot make <c>NativeCodec&lt;T&gt;</c> for a value type by reflection. A test pins
/// this list against the table's rows.
/// </summary>
internal static class BuiltInNativeCodecs
{
    /// <summary>The codec of <paramref name="type"/> written by <paramref name="native"/>, or null when it is no built-in row's type.</summary>
    public static SlimCodec? Create(Type type, NativeTypeCodec native) =>
        type switch
        {
            _ when type == typeof(string) => new NativeCodec<string>(native),
            _ when type == typeof(bool) => new NativeCodec<bool>(native),
            _ when type == typeof(byte) => new NativeCodec<byte>(native),
            _ when type == typeof(sbyte) => new NativeCodec<sbyte>(native),
            _ when type == typeof(char) => new NativeCodec<char>(native),
            _ when type == typeof(short) => new NativeCodec<short>(native),
            _ when type == typeof(ushort) => new NativeCodec<ushort>(native),
            _ when type == typeof(int) => new NativeCodec<int>(native),
            _ when type == typeof(uint) => new NativeCodec<uint>(native),
            _ when type == typeof(long) => new NativeCodec<long>(native),
            _ when type == typeof(ulong) => new NativeCodec<ulong>(native),
            _ when type == typeof(Int128) => new NativeCodec<Int128>(native),
            _ when type == typeof(UInt128) => new NativeCodec<UInt128>(native),
            _ when type == typeof(Half) => new NativeCodec<Half>(native),
            _ when type == typeof(float) => new NativeCodec<float>(native),
            _ when type == typeof(double) => new NativeCodec<double>(native),
            _ when type == typeof(decimal) => new NativeCodec<decimal>(native),
            _ when type == typeof(BigInteger) => new NativeCodec<BigInteger>(native),
            _ when type == typeof(DateTime) => new NativeCodec<DateTime>(native),
            _ when type == typeof(DateTimeOffset) => new NativeCodec<DateTimeOffset>(native),
            _ when type == typeof(TimeSpan) => new NativeCodec<TimeSpan>(native),
            _ when type == typeof(DateOnly) => new NativeCodec<DateOnly>(native),
            _ when type == typeof(TimeOnly) => new NativeCodec<TimeOnly>(native),
            _ when type == typeof(Guid) => new NativeCodec<Guid>(native),
            _ when type == typeof(bool[]) => new NativeCodec<bool[]>(native),
            _ when type == typeof(byte[]) => new NativeCodec<byte[]>(native),
            _ when type == typeof(sbyte[]) => new NativeCodec<sbyte[]>(native),
            _ when type == typeof(char[]) => new NativeCodec<char[]>(native),
            _ when type == typeof(short[]) => new NativeCodec<short[]>(native),
            _ when type == typeof(ushort[]) => new NativeCodec<ushort[]>(native),
            _ when type == typeof(int[]) => new NativeCodec<int[]>(native),
            _ when type == typeof(uint[]) => new NativeCodec<uint[]>(native),
            _ when type == typeof(long[]) => new NativeCodec<long[]>(native),
            _ when type == typeof(ulong[]) => new NativeCodec<ulong[]>(native),
            _ when type == typeof(Int128[]) => new NativeCodec<Int128[]>(native),
            _ when type == typeof(UInt128[]) => new NativeCodec<UInt128[]>(native),
            _ when type == typeof(Half[]) => new NativeCodec<Half[]>(native),
            _ when type == typeof(float[]) => new NativeCodec<float[]>(native),
            _ when type == typeof(double[]) => new NativeCodec<double[]>(native),
            _ when type == typeof(decimal[]) => new NativeCodec<decimal[]>(native),
            _ when type == typeof(BigInteger[]) => new NativeCodec<BigInteger[]>(native),
            _ when type == typeof(DateTime[]) => new NativeCodec<DateTime[]>(native),
            _ when type == typeof(DateTimeOffset[]) => new NativeCodec<DateTimeOffset[]>(native),
            _ when type == typeof(TimeSpan[]) => new NativeCodec<TimeSpan[]>(native),
            _ when type == typeof(DateOnly[]) => new NativeCodec<DateOnly[]>(native),
            _ when type == typeof(TimeOnly[]) => new NativeCodec<TimeOnly[]>(native),
            _ when type == typeof(Guid[]) => new NativeCodec<Guid[]>(native),
            _ when type == typeof(bool?) => new NativeCodec<bool?>(native),
            _ when type == typeof(byte?) => new NativeCodec<byte?>(native),
            _ when type == typeof(sbyte?) => new NativeCodec<sbyte?>(native),
            _ when type == typeof(char?) => new NativeCodec<char?>(native),
            _ when type == typeof(short?) => new NativeCodec<short?>(native),
            _ when type == typeof(ushort?) => new NativeCodec<ushort?>(native),
            _ when type == typeof(int?) => new NativeCodec<int?>(native),
            _ when type == typeof(uint?) => new NativeCodec<uint?>(native),
            _ when type == typeof(long?) => new NativeCodec<long?>(native),
            _ when type == typeof(ulong?) => new NativeCodec<ulong?>(native),
            _ when type == typeof(Int128?) => new NativeCodec<Int128?>(native),
            _ when type == typeof(UInt128?) => new NativeCodec<UInt128?>(native),
            _ when type == typeof(Half?) => new NativeCodec<Half?>(native),
            _ when type == typeof(float?) => new NativeCodec<float?>(native),
            _ when type == typeof(double?) => new NativeCodec<double?>(native),
            _ when type == typeof(decimal?) => new NativeCodec<decimal?>(native),
            _ when type == typeof(BigInteger?) => new NativeCodec<BigInteger?>(native),
            _ when type == typeof(DateTime?) => new NativeCodec<DateTime?>(native),
            _ when type == typeof(DateTimeOffset?) => new NativeCodec<DateTimeOffset?>(native),
            _ when type == typeof(TimeSpan?) => new NativeCodec<TimeSpan?>(native),
            _ when type == typeof(DateOnly?) => new NativeCodec<DateOnly?>(native),
            _ when type == typeof(TimeOnly?) => new NativeCodec<TimeOnly?>(native),
            _ when type == typeof(Guid?) => new NativeCodec<Guid?>(native),
            _ => null,
        };
}
