using System.Numerics;
using static NFX.IO.NativeTypeCodec;
using static NFX.IO.RunEncoding;

namespace NFX.IO;

/// <summary>
/// The one table of what the format knows about each built-in native type: its encoding (the <see cref="SlimWriter"/> /
/// <see cref="SlimReader"/> pair), the fewest bytes a value takes, and, for fixed-size encodings, the run writer and
/// reader with the most bytes a value takes (<see cref="UnsafeRunWrites"/>, <see cref="UnsafeRunReads"/>). Rows carry their writer
/// and reader as delegates (what codecs that compile nothing call) and name their methods with nameof for the runtime
/// codec builder, which looks them up by name and parameter types at first use; renaming a method renames it here and
/// cannot change the table.
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
            BuiltIn<bool>(nameof(SlimWriter.WriteBoolean), nameof(SlimReader.ReadBoolean), 1, static (w, v) => w.WriteBoolean(v), static r => r.ReadBoolean(), Run(nameof(UnsafeRunWrites.Boolean), 1, nameof(UnsafeRunReads.Boolean))),
            BuiltIn<byte>(nameof(SlimWriter.WriteByte), nameof(SlimReader.ReadByte), 1, static (w, v) => w.WriteByte(v), static r => r.ReadByte(), Run(nameof(UnsafeRunWrites.Byte), 1, nameof(UnsafeRunReads.Byte))),
            BuiltIn<sbyte>(nameof(SlimWriter.WriteSByte), nameof(SlimReader.ReadSByte), 1, static (w, v) => w.WriteSByte(v), static r => r.ReadSByte(), Run(nameof(UnsafeRunWrites.SByte), 1, nameof(UnsafeRunReads.SByte))),
            BuiltIn<char>(nameof(SlimWriter.WriteChar), nameof(SlimReader.ReadChar), 1, static (w, v) => w.WriteChar(v), static r => r.ReadChar(), Run(nameof(UnsafeRunWrites.Char), VarInt.MaxBytes32, nameof(UnsafeRunReads.Char))),
            BuiltIn<short>(nameof(SlimWriter.WriteInt16), nameof(SlimReader.ReadInt16), 1, static (w, v) => w.WriteInt16(v), static r => r.ReadInt16(), Run(nameof(UnsafeRunWrites.Int16), VarInt.MaxBytes32, nameof(UnsafeRunReads.Int16))),
            BuiltIn<ushort>(nameof(SlimWriter.WriteUInt16), nameof(SlimReader.ReadUInt16), 1, static (w, v) => w.WriteUInt16(v), static r => r.ReadUInt16(), Run(nameof(UnsafeRunWrites.UInt16), VarInt.MaxBytes32, nameof(UnsafeRunReads.UInt16))),
            BuiltIn<int>(nameof(SlimWriter.WriteInt32), nameof(SlimReader.ReadInt32), 1, static (w, v) => w.WriteInt32(v), static r => r.ReadInt32(), Run(nameof(UnsafeRunWrites.Int32), VarInt.MaxBytes32, nameof(UnsafeRunReads.Int32))),
            BuiltIn<uint>(nameof(SlimWriter.WriteUInt32), nameof(SlimReader.ReadUInt32), 1, static (w, v) => w.WriteUInt32(v), static r => r.ReadUInt32(), Run(nameof(UnsafeRunWrites.UInt32), VarInt.MaxBytes32, nameof(UnsafeRunReads.UInt32))),
            BuiltIn<long>(nameof(SlimWriter.WriteInt64), nameof(SlimReader.ReadInt64), 1, static (w, v) => w.WriteInt64(v), static r => r.ReadInt64(), Run(nameof(UnsafeRunWrites.Int64), VarInt.MaxBytes64, nameof(UnsafeRunReads.Int64))),
            BuiltIn<ulong>(nameof(SlimWriter.WriteUInt64), nameof(SlimReader.ReadUInt64), 1, static (w, v) => w.WriteUInt64(v), static r => r.ReadUInt64(), Run(nameof(UnsafeRunWrites.UInt64), VarInt.MaxBytes64, nameof(UnsafeRunReads.UInt64))),
            BuiltIn<Int128>(nameof(SlimWriter.WriteInt128), nameof(SlimReader.ReadInt128), 1, static (w, v) => w.WriteInt128(v), static r => r.ReadInt128()),
            BuiltIn<UInt128>(nameof(SlimWriter.WriteUInt128), nameof(SlimReader.ReadUInt128), 1, static (w, v) => w.WriteUInt128(v), static r => r.ReadUInt128()),
            BuiltIn<Half>(nameof(SlimWriter.WriteHalf), nameof(SlimReader.ReadHalf), 2, static (w, v) => w.WriteHalf(v), static r => r.ReadHalf(), Run(nameof(UnsafeRunWrites.Half), 2, nameof(UnsafeRunReads.Half))),
            BuiltIn<float>(nameof(SlimWriter.WriteSingle), nameof(SlimReader.ReadSingle), 4, static (w, v) => w.WriteSingle(v), static r => r.ReadSingle(), Run(nameof(UnsafeRunWrites.Single), 4, nameof(UnsafeRunReads.Single))),
            BuiltIn<double>(nameof(SlimWriter.WriteDouble), nameof(SlimReader.ReadDouble), 8, static (w, v) => w.WriteDouble(v), static r => r.ReadDouble(), Run(nameof(UnsafeRunWrites.Double), 8, nameof(UnsafeRunReads.Double))),
            BuiltIn<decimal>(nameof(SlimWriter.WriteDecimal), nameof(SlimReader.ReadDecimal), 2, static (w, v) => w.WriteDecimal(v), static r => r.ReadDecimal(), Run(nameof(UnsafeRunWrites.Decimal), VarInt.MaxBytes128 + 1)),
            BuiltIn<BigInteger>(nameof(SlimWriter.WriteBigInteger), nameof(SlimReader.ReadBigInteger), 1, static (w, v) => w.WriteBigInteger(v), static r => r.ReadBigInteger()),
            BuiltIn<DateTime>(nameof(SlimWriter.WriteDateTime), nameof(SlimReader.ReadDateTime), 8, static (w, v) => w.WriteDateTime(v), static r => r.ReadDateTime(), Run(nameof(UnsafeRunWrites.DateTime), 8, nameof(UnsafeRunReads.DateTime))),
            BuiltIn<DateTimeOffset>(nameof(SlimWriter.WriteDateTimeOffset), nameof(SlimReader.ReadDateTimeOffset), 9, static (w, v) => w.WriteDateTimeOffset(v), static r => r.ReadDateTimeOffset(),
                Run(nameof(UnsafeRunWrites.DateTimeOffset), 8 + VarInt.MaxBytes32)),
            BuiltIn<TimeSpan>(nameof(SlimWriter.WriteTimeSpan), nameof(SlimReader.ReadTimeSpan), 1, static (w, v) => w.WriteTimeSpan(v), static r => r.ReadTimeSpan(), Run(nameof(UnsafeRunWrites.TimeSpan), VarInt.MaxBytes64, nameof(UnsafeRunReads.TimeSpan))),
            BuiltIn<DateOnly>(nameof(SlimWriter.WriteDateOnly), nameof(SlimReader.ReadDateOnly), 1, static (w, v) => w.WriteDateOnly(v), static r => r.ReadDateOnly(), Run(nameof(UnsafeRunWrites.DateOnly), VarInt.MaxBytes32)),
            BuiltIn<TimeOnly>(nameof(SlimWriter.WriteTimeOnly), nameof(SlimReader.ReadTimeOnly), 1, static (w, v) => w.WriteTimeOnly(v), static r => r.ReadTimeOnly(), Run(nameof(UnsafeRunWrites.TimeOnly), VarInt.MaxBytes64)),
            BuiltIn<Guid>(nameof(SlimWriter.WriteGuid), nameof(SlimReader.ReadGuid), 16, static (w, v) => w.WriteGuid(v), static r => r.ReadGuid(), Run(nameof(UnsafeRunWrites.Guid), 16, nameof(UnsafeRunReads.Guid))),
        ];
        // A length prefix is at least 1 byte; an array's elements are bounded by their own row's MinBytes.
        NativeTypeCodec[] references =
        [
            BuiltIn<string?>(nameof(SlimWriter.WriteString), nameof(SlimReader.ReadString), 1, static (w, v) => w.WriteString(v), static r => r.ReadString()),
            BuiltIn<byte[]?>(nameof(SlimWriter.WriteByteArray), nameof(SlimReader.ReadByteArray), 1, static (w, v) => w.WriteByteArray(v), static r => r.ReadByteArray()),
            BuiltIn<bool[]?>(nameof(SlimWriter.WriteBooleanArray), nameof(SlimReader.ReadBooleanArray), 1, static (w, v) => w.WriteBooleanArray(v), static r => r.ReadBooleanArray()),
            BuiltIn<sbyte[]?>(nameof(SlimWriter.WriteSByteArray), nameof(SlimReader.ReadSByteArray), 1, static (w, v) => w.WriteSByteArray(v), static r => r.ReadSByteArray()),
            BuiltIn<char[]?>(nameof(SlimWriter.WriteCharArray), nameof(SlimReader.ReadCharArray), 1, static (w, v) => w.WriteCharArray(v), static r => r.ReadCharArray()),
            BuiltIn<short[]?>(nameof(SlimWriter.WriteInt16Array), nameof(SlimReader.ReadInt16Array), 1, static (w, v) => w.WriteInt16Array(v), static r => r.ReadInt16Array()),
            BuiltIn<ushort[]?>(nameof(SlimWriter.WriteUInt16Array), nameof(SlimReader.ReadUInt16Array), 1, static (w, v) => w.WriteUInt16Array(v), static r => r.ReadUInt16Array()),
            BuiltIn<int[]?>(nameof(SlimWriter.WriteInt32Array), nameof(SlimReader.ReadInt32Array), 1, static (w, v) => w.WriteInt32Array(v), static r => r.ReadInt32Array()),
            BuiltIn<uint[]?>(nameof(SlimWriter.WriteUInt32Array), nameof(SlimReader.ReadUInt32Array), 1, static (w, v) => w.WriteUInt32Array(v), static r => r.ReadUInt32Array()),
            BuiltIn<long[]?>(nameof(SlimWriter.WriteInt64Array), nameof(SlimReader.ReadInt64Array), 1, static (w, v) => w.WriteInt64Array(v), static r => r.ReadInt64Array()),
            BuiltIn<ulong[]?>(nameof(SlimWriter.WriteUInt64Array), nameof(SlimReader.ReadUInt64Array), 1, static (w, v) => w.WriteUInt64Array(v), static r => r.ReadUInt64Array()),
            BuiltIn<Int128[]?>(nameof(SlimWriter.WriteInt128Array), nameof(SlimReader.ReadInt128Array), 1, static (w, v) => w.WriteInt128Array(v), static r => r.ReadInt128Array()),
            BuiltIn<UInt128[]?>(nameof(SlimWriter.WriteUInt128Array), nameof(SlimReader.ReadUInt128Array), 1, static (w, v) => w.WriteUInt128Array(v), static r => r.ReadUInt128Array()),
            BuiltIn<Half[]?>(nameof(SlimWriter.WriteHalfArray), nameof(SlimReader.ReadHalfArray), 1, static (w, v) => w.WriteHalfArray(v), static r => r.ReadHalfArray()),
            BuiltIn<float[]?>(nameof(SlimWriter.WriteSingleArray), nameof(SlimReader.ReadSingleArray), 1, static (w, v) => w.WriteSingleArray(v), static r => r.ReadSingleArray()),
            BuiltIn<double[]?>(nameof(SlimWriter.WriteDoubleArray), nameof(SlimReader.ReadDoubleArray), 1, static (w, v) => w.WriteDoubleArray(v), static r => r.ReadDoubleArray()),
            BuiltIn<decimal[]?>(nameof(SlimWriter.WriteDecimalArray), nameof(SlimReader.ReadDecimalArray), 1, static (w, v) => w.WriteDecimalArray(v), static r => r.ReadDecimalArray()),
            BuiltIn<BigInteger[]?>(nameof(SlimWriter.WriteBigIntegerArray), nameof(SlimReader.ReadBigIntegerArray), 1, static (w, v) => w.WriteBigIntegerArray(v), static r => r.ReadBigIntegerArray()),
            BuiltIn<DateTime[]?>(nameof(SlimWriter.WriteDateTimeArray), nameof(SlimReader.ReadDateTimeArray), 1, static (w, v) => w.WriteDateTimeArray(v), static r => r.ReadDateTimeArray()),
            BuiltIn<DateTimeOffset[]?>(nameof(SlimWriter.WriteDateTimeOffsetArray), nameof(SlimReader.ReadDateTimeOffsetArray), 1, static (w, v) => w.WriteDateTimeOffsetArray(v), static r => r.ReadDateTimeOffsetArray()),
            BuiltIn<TimeSpan[]?>(nameof(SlimWriter.WriteTimeSpanArray), nameof(SlimReader.ReadTimeSpanArray), 1, static (w, v) => w.WriteTimeSpanArray(v), static r => r.ReadTimeSpanArray()),
            BuiltIn<DateOnly[]?>(nameof(SlimWriter.WriteDateOnlyArray), nameof(SlimReader.ReadDateOnlyArray), 1, static (w, v) => w.WriteDateOnlyArray(v), static r => r.ReadDateOnlyArray()),
            BuiltIn<TimeOnly[]?>(nameof(SlimWriter.WriteTimeOnlyArray), nameof(SlimReader.ReadTimeOnlyArray), 1, static (w, v) => w.WriteTimeOnlyArray(v), static r => r.ReadTimeOnlyArray()),
            BuiltIn<Guid[]?>(nameof(SlimWriter.WriteGuidArray), nameof(SlimReader.ReadGuidArray), 1, static (w, v) => w.WriteGuidArray(v), static r => r.ReadGuidArray()),
        ];
        NativeTypeCodec[] nullables =
        [
            BuiltInNullable<bool>(values[0], nameof(SlimWriter.WriteNullableBoolean), nameof(SlimReader.ReadNullableBoolean), static (w, v) => w.WriteNullableBoolean(v), static r => r.ReadNullableBoolean()),
            BuiltInNullable<byte>(values[1], nameof(SlimWriter.WriteNullableByte), nameof(SlimReader.ReadNullableByte), static (w, v) => w.WriteNullableByte(v), static r => r.ReadNullableByte()),
            BuiltInNullable<sbyte>(values[2], nameof(SlimWriter.WriteNullableSByte), nameof(SlimReader.ReadNullableSByte), static (w, v) => w.WriteNullableSByte(v), static r => r.ReadNullableSByte()),
            BuiltInNullable<char>(values[3], nameof(SlimWriter.WriteNullableChar), nameof(SlimReader.ReadNullableChar), static (w, v) => w.WriteNullableChar(v), static r => r.ReadNullableChar()),
            BuiltInNullable<short>(values[4], nameof(SlimWriter.WriteNullableInt16), nameof(SlimReader.ReadNullableInt16), static (w, v) => w.WriteNullableInt16(v), static r => r.ReadNullableInt16()),
            BuiltInNullable<ushort>(values[5], nameof(SlimWriter.WriteNullableUInt16), nameof(SlimReader.ReadNullableUInt16), static (w, v) => w.WriteNullableUInt16(v), static r => r.ReadNullableUInt16()),
            BuiltInNullable<int>(values[6], nameof(SlimWriter.WriteNullableInt32), nameof(SlimReader.ReadNullableInt32), static (w, v) => w.WriteNullableInt32(v), static r => r.ReadNullableInt32()),
            BuiltInNullable<uint>(values[7], nameof(SlimWriter.WriteNullableUInt32), nameof(SlimReader.ReadNullableUInt32), static (w, v) => w.WriteNullableUInt32(v), static r => r.ReadNullableUInt32()),
            BuiltInNullable<long>(values[8], nameof(SlimWriter.WriteNullableInt64), nameof(SlimReader.ReadNullableInt64), static (w, v) => w.WriteNullableInt64(v), static r => r.ReadNullableInt64()),
            BuiltInNullable<ulong>(values[9], nameof(SlimWriter.WriteNullableUInt64), nameof(SlimReader.ReadNullableUInt64), static (w, v) => w.WriteNullableUInt64(v), static r => r.ReadNullableUInt64()),
            BuiltInNullable<Int128>(values[10], nameof(SlimWriter.WriteNullableInt128), nameof(SlimReader.ReadNullableInt128), static (w, v) => w.WriteNullableInt128(v), static r => r.ReadNullableInt128()),
            BuiltInNullable<UInt128>(values[11], nameof(SlimWriter.WriteNullableUInt128), nameof(SlimReader.ReadNullableUInt128), static (w, v) => w.WriteNullableUInt128(v), static r => r.ReadNullableUInt128()),
            BuiltInNullable<Half>(values[12], nameof(SlimWriter.WriteNullableHalf), nameof(SlimReader.ReadNullableHalf), static (w, v) => w.WriteNullableHalf(v), static r => r.ReadNullableHalf()),
            BuiltInNullable<float>(values[13], nameof(SlimWriter.WriteNullableSingle), nameof(SlimReader.ReadNullableSingle), static (w, v) => w.WriteNullableSingle(v), static r => r.ReadNullableSingle()),
            BuiltInNullable<double>(values[14], nameof(SlimWriter.WriteNullableDouble), nameof(SlimReader.ReadNullableDouble), static (w, v) => w.WriteNullableDouble(v), static r => r.ReadNullableDouble()),
            BuiltInNullable<decimal>(values[15], nameof(SlimWriter.WriteNullableDecimal), nameof(SlimReader.ReadNullableDecimal), static (w, v) => w.WriteNullableDecimal(v), static r => r.ReadNullableDecimal()),
            BuiltInNullable<BigInteger>(values[16], nameof(SlimWriter.WriteNullableBigInteger), nameof(SlimReader.ReadNullableBigInteger), static (w, v) => w.WriteNullableBigInteger(v), static r => r.ReadNullableBigInteger()),
            BuiltInNullable<DateTime>(values[17], nameof(SlimWriter.WriteNullableDateTime), nameof(SlimReader.ReadNullableDateTime), static (w, v) => w.WriteNullableDateTime(v), static r => r.ReadNullableDateTime()),
            BuiltInNullable<DateTimeOffset>(values[18], nameof(SlimWriter.WriteNullableDateTimeOffset), nameof(SlimReader.ReadNullableDateTimeOffset), static (w, v) => w.WriteNullableDateTimeOffset(v), static r => r.ReadNullableDateTimeOffset()),
            BuiltInNullable<TimeSpan>(values[19], nameof(SlimWriter.WriteNullableTimeSpan), nameof(SlimReader.ReadNullableTimeSpan), static (w, v) => w.WriteNullableTimeSpan(v), static r => r.ReadNullableTimeSpan()),
            BuiltInNullable<DateOnly>(values[20], nameof(SlimWriter.WriteNullableDateOnly), nameof(SlimReader.ReadNullableDateOnly), static (w, v) => w.WriteNullableDateOnly(v), static r => r.ReadNullableDateOnly()),
            BuiltInNullable<TimeOnly>(values[21], nameof(SlimWriter.WriteNullableTimeOnly), nameof(SlimReader.ReadNullableTimeOnly), static (w, v) => w.WriteNullableTimeOnly(v), static r => r.ReadNullableTimeOnly()),
            BuiltInNullable<Guid>(values[22], nameof(SlimWriter.WriteNullableGuid), nameof(SlimReader.ReadNullableGuid), static (w, v) => w.WriteNullableGuid(v), static r => r.ReadNullableGuid()),
        ];
        return [.. values, .. references, .. nullables];
    }
}
