using System.Numerics;
using System.Runtime.CompilerServices;
using static NFX.IO.WireCodecs;

namespace NFX.IO;

// Nullable<T> of every native value type: a presence byte (0 = null, 1 = a value follows), then the value.
// Codecs call them for nullable fields (the native table's rows): public, because the source generator's codecs live in the
// user's assembly. The presence byte is a Boolean's byte, so a user's own code may also write WriteBoolean(hasValue) then
// the value, and read them back the same way.
public sealed partial class SlimWriter
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WriteNullable<T, TCodec>(T? value) where T : struct where TCodec : IWireCodec<T>
    {
        if (value.HasValue)
        {
            WriteByte(1);
            TCodec.Write(this, value.GetValueOrDefault());
        }
        else
        {
            WriteByte(0);
        }
    }

    /// <summary>Writes a <see cref="Nullable{T}"/> of bool: a presence byte 0 or 1, then the value as <see cref="WriteBoolean"/> does.</summary>
    public void WriteNullableBoolean(bool? value) => WriteNullable<bool, BooleanCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of byte: a presence byte 0 or 1, then the value as <see cref="WriteByte"/> does.</summary>
    public void WriteNullableByte(byte? value) => WriteNullable<byte, ByteCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of sbyte: a presence byte 0 or 1, then the value as <see cref="WriteSByte"/> does.</summary>
    public void WriteNullableSByte(sbyte? value) => WriteNullable<sbyte, SByteCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of char: a presence byte 0 or 1, then the value as <see cref="WriteChar"/> does.</summary>
    public void WriteNullableChar(char? value) => WriteNullable<char, CharCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of short: a presence byte 0 or 1, then the value as <see cref="WriteInt16"/> does.</summary>
    public void WriteNullableInt16(short? value) => WriteNullable<short, Int16Codec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of ushort: a presence byte 0 or 1, then the value as <see cref="WriteUInt16"/> does.</summary>
    public void WriteNullableUInt16(ushort? value) => WriteNullable<ushort, UInt16Codec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of int: a presence byte 0 or 1, then the value as <see cref="WriteInt32"/> does.</summary>
    public void WriteNullableInt32(int? value) => WriteNullable<int, Int32Codec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of uint: a presence byte 0 or 1, then the value as <see cref="WriteUInt32"/> does.</summary>
    public void WriteNullableUInt32(uint? value) => WriteNullable<uint, UInt32Codec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of long: a presence byte 0 or 1, then the value as <see cref="WriteInt64"/> does.</summary>
    public void WriteNullableInt64(long? value) => WriteNullable<long, Int64Codec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of ulong: a presence byte 0 or 1, then the value as <see cref="WriteUInt64"/> does.</summary>
    public void WriteNullableUInt64(ulong? value) => WriteNullable<ulong, UInt64Codec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of Int128: a presence byte 0 or 1, then the value as <see cref="WriteInt128"/> does.</summary>
    public void WriteNullableInt128(Int128? value) => WriteNullable<Int128, Int128Codec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of UInt128: a presence byte 0 or 1, then the value as <see cref="WriteUInt128"/> does.</summary>
    public void WriteNullableUInt128(UInt128? value) => WriteNullable<UInt128, UInt128Codec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of Half: a presence byte 0 or 1, then the value as <see cref="WriteHalf"/> does.</summary>
    public void WriteNullableHalf(Half? value) => WriteNullable<Half, HalfCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of float: a presence byte 0 or 1, then the value as <see cref="WriteSingle"/> does.</summary>
    public void WriteNullableSingle(float? value) => WriteNullable<float, SingleCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of double: a presence byte 0 or 1, then the value as <see cref="WriteDouble"/> does.</summary>
    public void WriteNullableDouble(double? value) => WriteNullable<double, DoubleCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of decimal: a presence byte 0 or 1, then the value as <see cref="WriteDecimal"/> does.</summary>
    public void WriteNullableDecimal(decimal? value) => WriteNullable<decimal, DecimalCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of BigInteger: a presence byte 0 or 1, then the value as <see cref="WriteBigInteger"/> does.</summary>
    public void WriteNullableBigInteger(BigInteger? value) => WriteNullable<BigInteger, BigIntegerCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of DateTime: a presence byte 0 or 1, then the value as <see cref="WriteDateTime"/> does.</summary>
    public void WriteNullableDateTime(DateTime? value) => WriteNullable<DateTime, DateTimeCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of DateTimeOffset: a presence byte 0 or 1, then the value as <see cref="WriteDateTimeOffset"/> does.</summary>
    public void WriteNullableDateTimeOffset(DateTimeOffset? value) => WriteNullable<DateTimeOffset, DateTimeOffsetCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of TimeSpan: a presence byte 0 or 1, then the value as <see cref="WriteTimeSpan"/> does.</summary>
    public void WriteNullableTimeSpan(TimeSpan? value) => WriteNullable<TimeSpan, TimeSpanCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of DateOnly: a presence byte 0 or 1, then the value as <see cref="WriteDateOnly"/> does.</summary>
    public void WriteNullableDateOnly(DateOnly? value) => WriteNullable<DateOnly, DateOnlyCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of TimeOnly: a presence byte 0 or 1, then the value as <see cref="WriteTimeOnly"/> does.</summary>
    public void WriteNullableTimeOnly(TimeOnly? value) => WriteNullable<TimeOnly, TimeOnlyCodec>(value);

    /// <summary>Writes a <see cref="Nullable{T}"/> of Guid: a presence byte 0 or 1, then the value as <see cref="WriteGuid"/> does.</summary>
    public void WriteNullableGuid(Guid? value) => WriteNullable<Guid, GuidCodec>(value);
}
