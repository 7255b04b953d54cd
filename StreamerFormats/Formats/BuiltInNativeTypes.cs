using System.Numerics;
using static NFX.IO.NativeTypeCodec;

namespace NFX.IO;

/// <summary>
/// The one table of what the format knows about each built-in native type: its encoding (the <see cref="SlimWriter"/> /
/// <see cref="SlimReader"/> pair), the fewest bytes a value takes, and, for fixed-size encodings, the run writer and
/// reader with the most bytes a value takes (<see cref="RunWrites"/>, <see cref="RunReads"/>). Rows name their methods
/// by compiled lambdas and method groups, so renaming a method renames it here and cannot change the table.
/// </summary>
/// <remarks>
/// Order: the 23 value types (the order of Slim's built-in type handles 4..26), <c>string</c>, <c>byte[]</c>, the
/// other arrays, the nullables. <c>Tests/StreamerFormats/Formats/NativeTypeTableTests.cs</c> pins every row.
/// </remarks>
internal static class BuiltInNativeTypes
{
    /// <summary>Every built-in row, in table order.</summary>
    public static IReadOnlyList<NativeTypeCodec> All { get; } = Build();

    /// <summary>The fewest bytes a value of <paramref name="type"/> takes; 1 for a type the table does not list.</summary>
    public static int MinBytes(Type type) => All.FirstOrDefault(row => row.Type == type)?.MinBytes ?? 1;

    private static NativeTypeCodec[] Build()
    {
        // Minimum sizes are those of default(T) for the fixed-width parts (a decimal's magnitude 0 and its flags byte:
        // 2; a DateTimeOffset's ticks and offset 0: 9); varints take 1.
        NativeTypeCodec[] values =
        [
            BuiltIn<bool>((w, v) => w.WriteBoolean(v), r => r.ReadBoolean(), 1, RunEncoding.Of<bool>(RunWrites.Boolean, 1, RunReads.Boolean)),
            BuiltIn<byte>((w, v) => w.WriteByte(v), r => r.ReadByte(), 1, RunEncoding.Of<byte>(RunWrites.Byte, 1, RunReads.Byte)),
            BuiltIn<sbyte>((w, v) => w.WriteSByte(v), r => r.ReadSByte(), 1, RunEncoding.Of<sbyte>(RunWrites.SByte, 1, RunReads.SByte)),
            BuiltIn<char>((w, v) => w.WriteChar(v), r => r.ReadChar(), 1, RunEncoding.Of<char>(RunWrites.Char, VarInt.MaxBytes32, RunReads.Char)),
            BuiltIn<short>((w, v) => w.WriteInt16(v), r => r.ReadInt16(), 1, RunEncoding.Of<short>(RunWrites.Int16, VarInt.MaxBytes32, RunReads.Int16)),
            BuiltIn<ushort>((w, v) => w.WriteUInt16(v), r => r.ReadUInt16(), 1, RunEncoding.Of<ushort>(RunWrites.UInt16, VarInt.MaxBytes32, RunReads.UInt16)),
            BuiltIn<int>((w, v) => w.WriteInt32(v), r => r.ReadInt32(), 1, RunEncoding.Of<int>(RunWrites.Int32, VarInt.MaxBytes32, RunReads.Int32)),
            BuiltIn<uint>((w, v) => w.WriteUInt32(v), r => r.ReadUInt32(), 1, RunEncoding.Of<uint>(RunWrites.UInt32, VarInt.MaxBytes32, RunReads.UInt32)),
            BuiltIn<long>((w, v) => w.WriteInt64(v), r => r.ReadInt64(), 1, RunEncoding.Of<long>(RunWrites.Int64, VarInt.MaxBytes64, RunReads.Int64)),
            BuiltIn<ulong>((w, v) => w.WriteUInt64(v), r => r.ReadUInt64(), 1, RunEncoding.Of<ulong>(RunWrites.UInt64, VarInt.MaxBytes64, RunReads.UInt64)),
            BuiltIn<Int128>((w, v) => w.WriteInt128(v), r => r.ReadInt128(), 1),
            BuiltIn<UInt128>((w, v) => w.WriteUInt128(v), r => r.ReadUInt128(), 1),
            BuiltIn<Half>((w, v) => w.WriteHalf(v), r => r.ReadHalf(), 2, RunEncoding.Of<Half>(RunWrites.Half, 2, RunReads.Half)),
            BuiltIn<float>((w, v) => w.WriteSingle(v), r => r.ReadSingle(), 4, RunEncoding.Of<float>(RunWrites.Single, 4, RunReads.Single)),
            BuiltIn<double>((w, v) => w.WriteDouble(v), r => r.ReadDouble(), 8, RunEncoding.Of<double>(RunWrites.Double, 8, RunReads.Double)),
            BuiltIn<decimal>((w, v) => w.WriteDecimal(v), r => r.ReadDecimal(), 2, RunEncoding.Of<decimal>(RunWrites.Decimal, VarInt.MaxBytes128 + 1)),
            BuiltIn<BigInteger>((w, v) => w.WriteBigInteger(v), r => r.ReadBigInteger(), 1),
            BuiltIn<DateTime>((w, v) => w.WriteDateTime(v), r => r.ReadDateTime(), 8, RunEncoding.Of<DateTime>(RunWrites.DateTime, 8, RunReads.DateTime)),
            BuiltIn<DateTimeOffset>((w, v) => w.WriteDateTimeOffset(v), r => r.ReadDateTimeOffset(), 9,
                RunEncoding.Of<DateTimeOffset>(RunWrites.DateTimeOffset, 8 + VarInt.MaxBytes32)),
            BuiltIn<TimeSpan>((w, v) => w.WriteTimeSpan(v), r => r.ReadTimeSpan(), 1, RunEncoding.Of<TimeSpan>(RunWrites.TimeSpan, VarInt.MaxBytes64, RunReads.TimeSpan)),
            BuiltIn<DateOnly>((w, v) => w.WriteDateOnly(v), r => r.ReadDateOnly(), 1, RunEncoding.Of<DateOnly>(RunWrites.DateOnly, VarInt.MaxBytes32)),
            BuiltIn<TimeOnly>((w, v) => w.WriteTimeOnly(v), r => r.ReadTimeOnly(), 1, RunEncoding.Of<TimeOnly>(RunWrites.TimeOnly, VarInt.MaxBytes64)),
            BuiltIn<Guid>((w, v) => w.WriteGuid(v), r => r.ReadGuid(), 16, RunEncoding.Of<Guid>(RunWrites.Guid, 16, RunReads.Guid)),
        ];
        // A length prefix is at least 1 byte; an array's elements are bounded by their own row's MinBytes.
        NativeTypeCodec[] references =
        [
            BuiltIn<string?>((w, v) => w.WriteString(v), r => r.ReadString(), 1),
            BuiltIn<byte[]?>((w, v) => w.WriteByteArray(v), r => r.ReadByteArray(), 1),
            BuiltIn<bool[]?>((w, v) => w.WriteBooleanArray(v), r => r.ReadBooleanArray(), 1),
            BuiltIn<sbyte[]?>((w, v) => w.WriteSByteArray(v), r => r.ReadSByteArray(), 1),
            BuiltIn<char[]?>((w, v) => w.WriteCharArray(v), r => r.ReadCharArray(), 1),
            BuiltIn<short[]?>((w, v) => w.WriteInt16Array(v), r => r.ReadInt16Array(), 1),
            BuiltIn<ushort[]?>((w, v) => w.WriteUInt16Array(v), r => r.ReadUInt16Array(), 1),
            BuiltIn<int[]?>((w, v) => w.WriteInt32Array(v), r => r.ReadInt32Array(), 1),
            BuiltIn<uint[]?>((w, v) => w.WriteUInt32Array(v), r => r.ReadUInt32Array(), 1),
            BuiltIn<long[]?>((w, v) => w.WriteInt64Array(v), r => r.ReadInt64Array(), 1),
            BuiltIn<ulong[]?>((w, v) => w.WriteUInt64Array(v), r => r.ReadUInt64Array(), 1),
            BuiltIn<Int128[]?>((w, v) => w.WriteInt128Array(v), r => r.ReadInt128Array(), 1),
            BuiltIn<UInt128[]?>((w, v) => w.WriteUInt128Array(v), r => r.ReadUInt128Array(), 1),
            BuiltIn<Half[]?>((w, v) => w.WriteHalfArray(v), r => r.ReadHalfArray(), 1),
            BuiltIn<float[]?>((w, v) => w.WriteSingleArray(v), r => r.ReadSingleArray(), 1),
            BuiltIn<double[]?>((w, v) => w.WriteDoubleArray(v), r => r.ReadDoubleArray(), 1),
            BuiltIn<decimal[]?>((w, v) => w.WriteDecimalArray(v), r => r.ReadDecimalArray(), 1),
            BuiltIn<BigInteger[]?>((w, v) => w.WriteBigIntegerArray(v), r => r.ReadBigIntegerArray(), 1),
            BuiltIn<DateTime[]?>((w, v) => w.WriteDateTimeArray(v), r => r.ReadDateTimeArray(), 1),
            BuiltIn<DateTimeOffset[]?>((w, v) => w.WriteDateTimeOffsetArray(v), r => r.ReadDateTimeOffsetArray(), 1),
            BuiltIn<TimeSpan[]?>((w, v) => w.WriteTimeSpanArray(v), r => r.ReadTimeSpanArray(), 1),
            BuiltIn<DateOnly[]?>((w, v) => w.WriteDateOnlyArray(v), r => r.ReadDateOnlyArray(), 1),
            BuiltIn<TimeOnly[]?>((w, v) => w.WriteTimeOnlyArray(v), r => r.ReadTimeOnlyArray(), 1),
            BuiltIn<Guid[]?>((w, v) => w.WriteGuidArray(v), r => r.ReadGuidArray(), 1),
        ];
        NativeTypeCodec[] nullables =
        [
            BuiltInNullable<bool>(values[0], (w, v) => w.WriteNullableBoolean(v), r => r.ReadNullableBoolean()),
            BuiltInNullable<byte>(values[1], (w, v) => w.WriteNullableByte(v), r => r.ReadNullableByte()),
            BuiltInNullable<sbyte>(values[2], (w, v) => w.WriteNullableSByte(v), r => r.ReadNullableSByte()),
            BuiltInNullable<char>(values[3], (w, v) => w.WriteNullableChar(v), r => r.ReadNullableChar()),
            BuiltInNullable<short>(values[4], (w, v) => w.WriteNullableInt16(v), r => r.ReadNullableInt16()),
            BuiltInNullable<ushort>(values[5], (w, v) => w.WriteNullableUInt16(v), r => r.ReadNullableUInt16()),
            BuiltInNullable<int>(values[6], (w, v) => w.WriteNullableInt32(v), r => r.ReadNullableInt32()),
            BuiltInNullable<uint>(values[7], (w, v) => w.WriteNullableUInt32(v), r => r.ReadNullableUInt32()),
            BuiltInNullable<long>(values[8], (w, v) => w.WriteNullableInt64(v), r => r.ReadNullableInt64()),
            BuiltInNullable<ulong>(values[9], (w, v) => w.WriteNullableUInt64(v), r => r.ReadNullableUInt64()),
            BuiltInNullable<Int128>(values[10], (w, v) => w.WriteNullableInt128(v), r => r.ReadNullableInt128()),
            BuiltInNullable<UInt128>(values[11], (w, v) => w.WriteNullableUInt128(v), r => r.ReadNullableUInt128()),
            BuiltInNullable<Half>(values[12], (w, v) => w.WriteNullableHalf(v), r => r.ReadNullableHalf()),
            BuiltInNullable<float>(values[13], (w, v) => w.WriteNullableSingle(v), r => r.ReadNullableSingle()),
            BuiltInNullable<double>(values[14], (w, v) => w.WriteNullableDouble(v), r => r.ReadNullableDouble()),
            BuiltInNullable<decimal>(values[15], (w, v) => w.WriteNullableDecimal(v), r => r.ReadNullableDecimal()),
            BuiltInNullable<BigInteger>(values[16], (w, v) => w.WriteNullableBigInteger(v), r => r.ReadNullableBigInteger()),
            BuiltInNullable<DateTime>(values[17], (w, v) => w.WriteNullableDateTime(v), r => r.ReadNullableDateTime()),
            BuiltInNullable<DateTimeOffset>(values[18], (w, v) => w.WriteNullableDateTimeOffset(v), r => r.ReadNullableDateTimeOffset()),
            BuiltInNullable<TimeSpan>(values[19], (w, v) => w.WriteNullableTimeSpan(v), r => r.ReadNullableTimeSpan()),
            BuiltInNullable<DateOnly>(values[20], (w, v) => w.WriteNullableDateOnly(v), r => r.ReadNullableDateOnly()),
            BuiltInNullable<TimeOnly>(values[21], (w, v) => w.WriteNullableTimeOnly(v), r => r.ReadNullableTimeOnly()),
            BuiltInNullable<Guid>(values[22], (w, v) => w.WriteNullableGuid(v), r => r.ReadNullableGuid()),
        ];
        return [.. values, .. references, .. nullables];
    }
}
