using System.Numerics;
using static NFX.IO.NativeTypeCodec;
using static NFX.IO.RunEncoding;

namespace NFX.IO;

/// <summary>
/// The one table of what the format knows about each built-in native type: its encoding (the <see cref="SlimWriter"/> /
/// <see cref="SlimReader"/> pair), the fewest bytes a value takes, and, for fixed-size encodings, the run writer and
/// reader with the most bytes a value takes (<see cref="RunWrites"/>, <see cref="RunReads"/>). Rows name their methods
/// with nameof, so renaming a method renames it here and cannot change the table; the methods are looked up once, by
/// name and parameter types, when the table is built (no expression tree or generic instantiation per row: building the
/// table is part of every process's first call).
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
            BuiltIn(typeof(bool), nameof(SlimWriter.WriteBoolean), nameof(SlimReader.ReadBoolean), 1, Run(nameof(RunWrites.Boolean), 1, nameof(RunReads.Boolean))),
            BuiltIn(typeof(byte), nameof(SlimWriter.WriteByte), nameof(SlimReader.ReadByte), 1, Run(nameof(RunWrites.Byte), 1, nameof(RunReads.Byte))),
            BuiltIn(typeof(sbyte), nameof(SlimWriter.WriteSByte), nameof(SlimReader.ReadSByte), 1, Run(nameof(RunWrites.SByte), 1, nameof(RunReads.SByte))),
            BuiltIn(typeof(char), nameof(SlimWriter.WriteChar), nameof(SlimReader.ReadChar), 1, Run(nameof(RunWrites.Char), VarInt.MaxBytes32, nameof(RunReads.Char))),
            BuiltIn(typeof(short), nameof(SlimWriter.WriteInt16), nameof(SlimReader.ReadInt16), 1, Run(nameof(RunWrites.Int16), VarInt.MaxBytes32, nameof(RunReads.Int16))),
            BuiltIn(typeof(ushort), nameof(SlimWriter.WriteUInt16), nameof(SlimReader.ReadUInt16), 1, Run(nameof(RunWrites.UInt16), VarInt.MaxBytes32, nameof(RunReads.UInt16))),
            BuiltIn(typeof(int), nameof(SlimWriter.WriteInt32), nameof(SlimReader.ReadInt32), 1, Run(nameof(RunWrites.Int32), VarInt.MaxBytes32, nameof(RunReads.Int32))),
            BuiltIn(typeof(uint), nameof(SlimWriter.WriteUInt32), nameof(SlimReader.ReadUInt32), 1, Run(nameof(RunWrites.UInt32), VarInt.MaxBytes32, nameof(RunReads.UInt32))),
            BuiltIn(typeof(long), nameof(SlimWriter.WriteInt64), nameof(SlimReader.ReadInt64), 1, Run(nameof(RunWrites.Int64), VarInt.MaxBytes64, nameof(RunReads.Int64))),
            BuiltIn(typeof(ulong), nameof(SlimWriter.WriteUInt64), nameof(SlimReader.ReadUInt64), 1, Run(nameof(RunWrites.UInt64), VarInt.MaxBytes64, nameof(RunReads.UInt64))),
            BuiltIn(typeof(Int128), nameof(SlimWriter.WriteInt128), nameof(SlimReader.ReadInt128), 1),
            BuiltIn(typeof(UInt128), nameof(SlimWriter.WriteUInt128), nameof(SlimReader.ReadUInt128), 1),
            BuiltIn(typeof(Half), nameof(SlimWriter.WriteHalf), nameof(SlimReader.ReadHalf), 2, Run(nameof(RunWrites.Half), 2, nameof(RunReads.Half))),
            BuiltIn(typeof(float), nameof(SlimWriter.WriteSingle), nameof(SlimReader.ReadSingle), 4, Run(nameof(RunWrites.Single), 4, nameof(RunReads.Single))),
            BuiltIn(typeof(double), nameof(SlimWriter.WriteDouble), nameof(SlimReader.ReadDouble), 8, Run(nameof(RunWrites.Double), 8, nameof(RunReads.Double))),
            BuiltIn(typeof(decimal), nameof(SlimWriter.WriteDecimal), nameof(SlimReader.ReadDecimal), 2, Run(nameof(RunWrites.Decimal), VarInt.MaxBytes128 + 1)),
            BuiltIn(typeof(BigInteger), nameof(SlimWriter.WriteBigInteger), nameof(SlimReader.ReadBigInteger), 1),
            BuiltIn(typeof(DateTime), nameof(SlimWriter.WriteDateTime), nameof(SlimReader.ReadDateTime), 8, Run(nameof(RunWrites.DateTime), 8, nameof(RunReads.DateTime))),
            BuiltIn(typeof(DateTimeOffset), nameof(SlimWriter.WriteDateTimeOffset), nameof(SlimReader.ReadDateTimeOffset), 9,
                Run(nameof(RunWrites.DateTimeOffset), 8 + VarInt.MaxBytes32)),
            BuiltIn(typeof(TimeSpan), nameof(SlimWriter.WriteTimeSpan), nameof(SlimReader.ReadTimeSpan), 1, Run(nameof(RunWrites.TimeSpan), VarInt.MaxBytes64, nameof(RunReads.TimeSpan))),
            BuiltIn(typeof(DateOnly), nameof(SlimWriter.WriteDateOnly), nameof(SlimReader.ReadDateOnly), 1, Run(nameof(RunWrites.DateOnly), VarInt.MaxBytes32)),
            BuiltIn(typeof(TimeOnly), nameof(SlimWriter.WriteTimeOnly), nameof(SlimReader.ReadTimeOnly), 1, Run(nameof(RunWrites.TimeOnly), VarInt.MaxBytes64)),
            BuiltIn(typeof(Guid), nameof(SlimWriter.WriteGuid), nameof(SlimReader.ReadGuid), 16, Run(nameof(RunWrites.Guid), 16, nameof(RunReads.Guid))),
        ];
        // A length prefix is at least 1 byte; an array's elements are bounded by their own row's MinBytes.
        NativeTypeCodec[] references =
        [
            BuiltIn(typeof(string), nameof(SlimWriter.WriteString), nameof(SlimReader.ReadString), 1),
            BuiltIn(typeof(byte[]), nameof(SlimWriter.WriteByteArray), nameof(SlimReader.ReadByteArray), 1),
            BuiltIn(typeof(bool[]), nameof(SlimWriter.WriteBooleanArray), nameof(SlimReader.ReadBooleanArray), 1),
            BuiltIn(typeof(sbyte[]), nameof(SlimWriter.WriteSByteArray), nameof(SlimReader.ReadSByteArray), 1),
            BuiltIn(typeof(char[]), nameof(SlimWriter.WriteCharArray), nameof(SlimReader.ReadCharArray), 1),
            BuiltIn(typeof(short[]), nameof(SlimWriter.WriteInt16Array), nameof(SlimReader.ReadInt16Array), 1),
            BuiltIn(typeof(ushort[]), nameof(SlimWriter.WriteUInt16Array), nameof(SlimReader.ReadUInt16Array), 1),
            BuiltIn(typeof(int[]), nameof(SlimWriter.WriteInt32Array), nameof(SlimReader.ReadInt32Array), 1),
            BuiltIn(typeof(uint[]), nameof(SlimWriter.WriteUInt32Array), nameof(SlimReader.ReadUInt32Array), 1),
            BuiltIn(typeof(long[]), nameof(SlimWriter.WriteInt64Array), nameof(SlimReader.ReadInt64Array), 1),
            BuiltIn(typeof(ulong[]), nameof(SlimWriter.WriteUInt64Array), nameof(SlimReader.ReadUInt64Array), 1),
            BuiltIn(typeof(Int128[]), nameof(SlimWriter.WriteInt128Array), nameof(SlimReader.ReadInt128Array), 1),
            BuiltIn(typeof(UInt128[]), nameof(SlimWriter.WriteUInt128Array), nameof(SlimReader.ReadUInt128Array), 1),
            BuiltIn(typeof(Half[]), nameof(SlimWriter.WriteHalfArray), nameof(SlimReader.ReadHalfArray), 1),
            BuiltIn(typeof(float[]), nameof(SlimWriter.WriteSingleArray), nameof(SlimReader.ReadSingleArray), 1),
            BuiltIn(typeof(double[]), nameof(SlimWriter.WriteDoubleArray), nameof(SlimReader.ReadDoubleArray), 1),
            BuiltIn(typeof(decimal[]), nameof(SlimWriter.WriteDecimalArray), nameof(SlimReader.ReadDecimalArray), 1),
            BuiltIn(typeof(BigInteger[]), nameof(SlimWriter.WriteBigIntegerArray), nameof(SlimReader.ReadBigIntegerArray), 1),
            BuiltIn(typeof(DateTime[]), nameof(SlimWriter.WriteDateTimeArray), nameof(SlimReader.ReadDateTimeArray), 1),
            BuiltIn(typeof(DateTimeOffset[]), nameof(SlimWriter.WriteDateTimeOffsetArray), nameof(SlimReader.ReadDateTimeOffsetArray), 1),
            BuiltIn(typeof(TimeSpan[]), nameof(SlimWriter.WriteTimeSpanArray), nameof(SlimReader.ReadTimeSpanArray), 1),
            BuiltIn(typeof(DateOnly[]), nameof(SlimWriter.WriteDateOnlyArray), nameof(SlimReader.ReadDateOnlyArray), 1),
            BuiltIn(typeof(TimeOnly[]), nameof(SlimWriter.WriteTimeOnlyArray), nameof(SlimReader.ReadTimeOnlyArray), 1),
            BuiltIn(typeof(Guid[]), nameof(SlimWriter.WriteGuidArray), nameof(SlimReader.ReadGuidArray), 1),
        ];
        NativeTypeCodec[] nullables =
        [
            BuiltInNullable(values[0], typeof(bool?), nameof(SlimWriter.WriteNullableBoolean), nameof(SlimReader.ReadNullableBoolean)),
            BuiltInNullable(values[1], typeof(byte?), nameof(SlimWriter.WriteNullableByte), nameof(SlimReader.ReadNullableByte)),
            BuiltInNullable(values[2], typeof(sbyte?), nameof(SlimWriter.WriteNullableSByte), nameof(SlimReader.ReadNullableSByte)),
            BuiltInNullable(values[3], typeof(char?), nameof(SlimWriter.WriteNullableChar), nameof(SlimReader.ReadNullableChar)),
            BuiltInNullable(values[4], typeof(short?), nameof(SlimWriter.WriteNullableInt16), nameof(SlimReader.ReadNullableInt16)),
            BuiltInNullable(values[5], typeof(ushort?), nameof(SlimWriter.WriteNullableUInt16), nameof(SlimReader.ReadNullableUInt16)),
            BuiltInNullable(values[6], typeof(int?), nameof(SlimWriter.WriteNullableInt32), nameof(SlimReader.ReadNullableInt32)),
            BuiltInNullable(values[7], typeof(uint?), nameof(SlimWriter.WriteNullableUInt32), nameof(SlimReader.ReadNullableUInt32)),
            BuiltInNullable(values[8], typeof(long?), nameof(SlimWriter.WriteNullableInt64), nameof(SlimReader.ReadNullableInt64)),
            BuiltInNullable(values[9], typeof(ulong?), nameof(SlimWriter.WriteNullableUInt64), nameof(SlimReader.ReadNullableUInt64)),
            BuiltInNullable(values[10], typeof(Int128?), nameof(SlimWriter.WriteNullableInt128), nameof(SlimReader.ReadNullableInt128)),
            BuiltInNullable(values[11], typeof(UInt128?), nameof(SlimWriter.WriteNullableUInt128), nameof(SlimReader.ReadNullableUInt128)),
            BuiltInNullable(values[12], typeof(Half?), nameof(SlimWriter.WriteNullableHalf), nameof(SlimReader.ReadNullableHalf)),
            BuiltInNullable(values[13], typeof(float?), nameof(SlimWriter.WriteNullableSingle), nameof(SlimReader.ReadNullableSingle)),
            BuiltInNullable(values[14], typeof(double?), nameof(SlimWriter.WriteNullableDouble), nameof(SlimReader.ReadNullableDouble)),
            BuiltInNullable(values[15], typeof(decimal?), nameof(SlimWriter.WriteNullableDecimal), nameof(SlimReader.ReadNullableDecimal)),
            BuiltInNullable(values[16], typeof(BigInteger?), nameof(SlimWriter.WriteNullableBigInteger), nameof(SlimReader.ReadNullableBigInteger)),
            BuiltInNullable(values[17], typeof(DateTime?), nameof(SlimWriter.WriteNullableDateTime), nameof(SlimReader.ReadNullableDateTime)),
            BuiltInNullable(values[18], typeof(DateTimeOffset?), nameof(SlimWriter.WriteNullableDateTimeOffset), nameof(SlimReader.ReadNullableDateTimeOffset)),
            BuiltInNullable(values[19], typeof(TimeSpan?), nameof(SlimWriter.WriteNullableTimeSpan), nameof(SlimReader.ReadNullableTimeSpan)),
            BuiltInNullable(values[20], typeof(DateOnly?), nameof(SlimWriter.WriteNullableDateOnly), nameof(SlimReader.ReadNullableDateOnly)),
            BuiltInNullable(values[21], typeof(TimeOnly?), nameof(SlimWriter.WriteNullableTimeOnly), nameof(SlimReader.ReadNullableTimeOnly)),
            BuiltInNullable(values[22], typeof(Guid?), nameof(SlimWriter.WriteNullableGuid), nameof(SlimReader.ReadNullableGuid)),
        ];
        return [.. values, .. references, .. nullables];
    }
}
