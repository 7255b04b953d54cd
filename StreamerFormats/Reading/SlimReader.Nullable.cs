using System.Diagnostics.CodeAnalysis;
using System.Numerics;
using System.Runtime.CompilerServices;
using static NFX.IO.WireCodecs;

namespace NFX.IO;

// Nullable<T> of every native value type: a presence byte (0 = null, 1 = a value follows), then the value.
// Codecs call them for nullable fields (the native table's rows): public, because the source generator's codecs live in the
// user's assembly. The presence byte is a Boolean's byte, so a user's own code may also write WriteBoolean(hasValue) then
// the value, and read them back the same way.
public sealed partial class SlimReader
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private T? ReadNullable<T, TCodec>() where T : struct where TCodec : IWireCodec<T> =>
        ReadPresence(ElementNames<T>.Name) ? TCodec.Read(this) : null;

    /// <summary>Reads the presence byte of a nullable value: 0 (null) or 1 (a value follows); anything else is malformed.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool ReadPresence(string what)
    {
        Require(1, what);
        byte b = Cursor;
        if (b > 1)
        {
            ThrowBadPresence(what, b);
        }
        _pos++;
        return b != 0;
    }

    // Out of line: the message is built only when thrown, and the inlined check above stays a compare and a branch
    // (an interpolated string inlined into every generated body that reads a nullable field took stack to zero per call).
    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowBadPresence(string what, byte b) =>
        ThrowHelper.ThrowFormat($"Presence byte of a nullable {what} must be 0 or 1, found 0x{b:X2}", Position);

    /// <summary>Reads a <see cref="Nullable{T}"/> of bool written by <see cref="SlimWriter.WriteNullableBoolean"/>.</summary>
    public bool? ReadNullableBoolean() => ReadNullable<bool, BooleanCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of byte written by <see cref="SlimWriter.WriteNullableByte"/>.</summary>
    public byte? ReadNullableByte() => ReadNullable<byte, ByteCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of sbyte written by <see cref="SlimWriter.WriteNullableSByte"/>.</summary>
    public sbyte? ReadNullableSByte() => ReadNullable<sbyte, SByteCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of char written by <see cref="SlimWriter.WriteNullableChar"/>.</summary>
    public char? ReadNullableChar() => ReadNullable<char, CharCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of short written by <see cref="SlimWriter.WriteNullableInt16"/>.</summary>
    public short? ReadNullableInt16() => ReadNullable<short, Int16Codec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of ushort written by <see cref="SlimWriter.WriteNullableUInt16"/>.</summary>
    public ushort? ReadNullableUInt16() => ReadNullable<ushort, UInt16Codec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of int written by <see cref="SlimWriter.WriteNullableInt32"/>.</summary>
    public int? ReadNullableInt32() => ReadNullable<int, Int32Codec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of uint written by <see cref="SlimWriter.WriteNullableUInt32"/>.</summary>
    public uint? ReadNullableUInt32() => ReadNullable<uint, UInt32Codec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of long written by <see cref="SlimWriter.WriteNullableInt64"/>.</summary>
    public long? ReadNullableInt64() => ReadNullable<long, Int64Codec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of ulong written by <see cref="SlimWriter.WriteNullableUInt64"/>.</summary>
    public ulong? ReadNullableUInt64() => ReadNullable<ulong, UInt64Codec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of Int128 written by <see cref="SlimWriter.WriteNullableInt128"/>.</summary>
    public Int128? ReadNullableInt128() => ReadNullable<Int128, Int128Codec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of UInt128 written by <see cref="SlimWriter.WriteNullableUInt128"/>.</summary>
    public UInt128? ReadNullableUInt128() => ReadNullable<UInt128, UInt128Codec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of Half written by <see cref="SlimWriter.WriteNullableHalf"/>.</summary>
    public Half? ReadNullableHalf() => ReadNullable<Half, HalfCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of float written by <see cref="SlimWriter.WriteNullableSingle"/>.</summary>
    public float? ReadNullableSingle() => ReadNullable<float, SingleCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of double written by <see cref="SlimWriter.WriteNullableDouble"/>.</summary>
    public double? ReadNullableDouble() => ReadNullable<double, DoubleCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of decimal written by <see cref="SlimWriter.WriteNullableDecimal"/>.</summary>
    public decimal? ReadNullableDecimal() => ReadNullable<decimal, DecimalCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of BigInteger written by <see cref="SlimWriter.WriteNullableBigInteger"/>.</summary>
    public BigInteger? ReadNullableBigInteger() => ReadNullable<BigInteger, BigIntegerCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of DateTime written by <see cref="SlimWriter.WriteNullableDateTime"/>.</summary>
    public DateTime? ReadNullableDateTime() => ReadNullable<DateTime, DateTimeCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of DateTimeOffset written by <see cref="SlimWriter.WriteNullableDateTimeOffset"/>.</summary>
    public DateTimeOffset? ReadNullableDateTimeOffset() => ReadNullable<DateTimeOffset, DateTimeOffsetCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of TimeSpan written by <see cref="SlimWriter.WriteNullableTimeSpan"/>.</summary>
    public TimeSpan? ReadNullableTimeSpan() => ReadNullable<TimeSpan, TimeSpanCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of DateOnly written by <see cref="SlimWriter.WriteNullableDateOnly"/>.</summary>
    public DateOnly? ReadNullableDateOnly() => ReadNullable<DateOnly, DateOnlyCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of TimeOnly written by <see cref="SlimWriter.WriteNullableTimeOnly"/>.</summary>
    public TimeOnly? ReadNullableTimeOnly() => ReadNullable<TimeOnly, TimeOnlyCodec>();

    /// <summary>Reads a <see cref="Nullable{T}"/> of Guid written by <see cref="SlimWriter.WriteNullableGuid"/>.</summary>
    public Guid? ReadNullableGuid() => ReadNullable<Guid, GuidCodec>();
}
