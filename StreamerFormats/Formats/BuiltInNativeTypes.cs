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
/// A row is made when its type is first asked for, each by a method of its own: building the whole table (one method of
/// 6 KB of IL, a generic instantiation and a closure class per value type) was ~100 JIT-compiled methods of a fresh
/// process's first call, which needs a handful of rows.
/// </remarks>
internal static class BuiltInNativeTypes
{
    // The table's parts: the 23 value types, string, byte[] and the other arrays of the value types, their nullables.
    private const int StringIndex = 23;

    /// <summary>The index of the first array row (byte[]).</summary>
    public const int FirstArray = 24;

    /// <summary>The index of the first nullable row (bool?).</summary>
    public const int FirstNullable = 47;

    private const int Count = 70;

    private static readonly NativeTypeCodec?[] s_rows = new NativeTypeCodec?[Count];
    private static NativeTypeCodec[]? s_all;

    /// <summary>Every built-in row, in table order (makes the rows not made yet).</summary>
    public static IReadOnlyList<NativeTypeCodec> All => s_all ??= MakeAll();

    /// <summary>The types of the rows, in table order.</summary>
    public static IReadOnlyList<Type> Types => TypeList.Types;

    /// <summary>The row of <paramref name="type"/>, or null when the table has none.</summary>
    public static NativeTypeCodec? Find(Type type) => IndexOf(type) is var index and >= 0 ? Row(index) : null;

    /// <summary>True when the table has a row of <paramref name="type"/> (makes none).</summary>
    public static bool Contains(Type type) => IndexOf(type) >= 0;

    /// <summary>The fewest bytes a value of <paramref name="type"/> takes; 1 for a type the table does not list.</summary>
    public static int MinBytes(Type type) => Find(type)?.MinBytes ?? 1;

    // The row's index from the type's shape (a nullable, a vector, a value type by its type code): a list of the 70 types
    // to search was a static constructor of 1 KB of IL making 46 array and nullable types at a process's first array.
    /// <summary>The index of <paramref name="type"/>'s row in table order, or -1 when the table has none.</summary>
    public static int IndexOf(Type type)
    {
        if (type.IsValueType)
        {
            if (Nullable.GetUnderlyingType(type) is not { } underlying)
            {
                return ValueIndexOf(type);
            }
            int value = ValueIndexOf(underlying);
            return value < 0 ? -1 : FirstNullable + value;
        }
        if (type == typeof(string))
        {
            return StringIndex;
        }
        if (type.IsSZArray && type.GetElementType() is { IsValueType: true } element)
        {
            // byte[] leads the arrays (bool[] follows it); the others are in value-type order.
            int value = ValueIndexOf(element);
            return value switch { < 0 => -1, 0 => FirstArray + 1, 1 => FirstArray, _ => FirstArray + value };
        }
        return -1;
    }

    // The index of a value type of the table (0..22), or -1.
    private static int ValueIndexOf(Type type)
    {
        if (type.IsEnum || type.Assembly != typeof(object).Assembly)
        {
            // An enum's type code is its underlying type's; a type of another assembly (BigInteger's aside) is none of these,
            // whatever code a type outside the runtime's reports. BigInteger is compared in a method of its own, asked only
            // in its namespace: the compare here made this method's image code load System.Runtime.Numerics and BigInteger
            // before it ran, at the first enum or struct of the user's asked about (a fresh process's first calls).
            return !type.IsEnum && type.Namespace == "System.Numerics" && IsBigInteger(type) ? 16 : -1;
        }
        switch (Type.GetTypeCode(type))
        {
            case TypeCode.Boolean: return 0;
            case TypeCode.Byte: return 1;
            case TypeCode.SByte: return 2;
            case TypeCode.Char: return 3;
            case TypeCode.Int16: return 4;
            case TypeCode.UInt16: return 5;
            case TypeCode.Int32: return 6;
            case TypeCode.UInt32: return 7;
            case TypeCode.Int64: return 8;
            case TypeCode.UInt64: return 9;
            case TypeCode.Single: return 13;
            case TypeCode.Double: return 14;
            case TypeCode.Decimal: return 15;
            case TypeCode.DateTime: return 17;
            case TypeCode.Object: return OtherValueIndexOf(type);
            default: return -1;
        }
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static bool IsBigInteger(Type type) => type == typeof(BigInteger);

    private static int OtherValueIndexOf(Type type) =>
        type == typeof(Guid) ? 22 : type == typeof(TimeSpan) ? 19 : type == typeof(DateTimeOffset) ? 18 : type == typeof(DateOnly) ? 20 :
        type == typeof(TimeOnly) ? 21 : type == typeof(Int128) ? 10 : type == typeof(UInt128) ? 11 : type == typeof(Half) ? 12 : -1;

    // One instance per row, whichever thread makes it first: formats compare rows by reference.
    private static NativeTypeCodec Row(int index) =>
        Volatile.Read(ref s_rows[index]) ?? Interlocked.CompareExchange(ref s_rows[index], Create(index), null) ?? s_rows[index]!;

    private static NativeTypeCodec[] MakeAll()
    {
        var all = new NativeTypeCodec[Count];
        for (int i = 0; i < all.Length; i++)
        {
            all[i] = Row(i);
        }
        return all;
    }

    // A switch statement per part, not an expression: a call and a return per row, the least IL to compile, and only the
    // part of the row asked for is compiled.
    private static NativeTypeCodec Create(int index) =>
        index < FirstArray ? CreateValue(index) : index < FirstNullable ? CreateArray(index) : CreateNullable(index);

    private static NativeTypeCodec CreateValue(int index)
    {
        switch (index)
        {
            case 0: return BooleanRow();
            case 1: return ByteRow();
            case 2: return SByteRow();
            case 3: return CharRow();
            case 4: return Int16Row();
            case 5: return UInt16Row();
            case 6: return Int32Row();
            case 7: return UInt32Row();
            case 8: return Int64Row();
            case 9: return UInt64Row();
            case 10: return Int128Row();
            case 11: return UInt128Row();
            case 12: return HalfRow();
            case 13: return SingleRow();
            case 14: return DoubleRow();
            case 15: return DecimalRow();
            case 16: return BigIntegerRow();
            case 17: return DateTimeRow();
            case 18: return DateTimeOffsetRow();
            case 19: return TimeSpanRow();
            case 20: return DateOnlyRow();
            case 21: return TimeOnlyRow();
            case 22: return GuidRow();
            case 23: return StringRow();
            default: throw new ArgumentOutOfRangeException(nameof(index));
        }
    }

    private static NativeTypeCodec CreateArray(int index)
    {
        switch (index)
        {
            case 24: return ByteArrayRow();
            case 25: return BooleanArrayRow();
            case 26: return SByteArrayRow();
            case 27: return CharArrayRow();
            case 28: return Int16ArrayRow();
            case 29: return UInt16ArrayRow();
            case 30: return Int32ArrayRow();
            case 31: return UInt32ArrayRow();
            case 32: return Int64ArrayRow();
            case 33: return UInt64ArrayRow();
            case 34: return Int128ArrayRow();
            case 35: return UInt128ArrayRow();
            case 36: return HalfArrayRow();
            case 37: return SingleArrayRow();
            case 38: return DoubleArrayRow();
            case 39: return DecimalArrayRow();
            case 40: return BigIntegerArrayRow();
            case 41: return DateTimeArrayRow();
            case 42: return DateTimeOffsetArrayRow();
            case 43: return TimeSpanArrayRow();
            case 44: return DateOnlyArrayRow();
            case 45: return TimeOnlyArrayRow();
            case 46: return GuidArrayRow();
            default: throw new ArgumentOutOfRangeException(nameof(index));
        }
    }

    private static NativeTypeCodec CreateNullable(int index)
    {
        switch (index)
        {
            case 47: return NullableBooleanRow();
            case 48: return NullableByteRow();
            case 49: return NullableSByteRow();
            case 50: return NullableCharRow();
            case 51: return NullableInt16Row();
            case 52: return NullableUInt16Row();
            case 53: return NullableInt32Row();
            case 54: return NullableUInt32Row();
            case 55: return NullableInt64Row();
            case 56: return NullableUInt64Row();
            case 57: return NullableInt128Row();
            case 58: return NullableUInt128Row();
            case 59: return NullableHalfRow();
            case 60: return NullableSingleRow();
            case 61: return NullableDoubleRow();
            case 62: return NullableDecimalRow();
            case 63: return NullableBigIntegerRow();
            case 64: return NullableDateTimeRow();
            case 65: return NullableDateTimeOffsetRow();
            case 66: return NullableTimeSpanRow();
            case 67: return NullableDateOnlyRow();
            case 68: return NullableTimeOnlyRow();
            case 69: return NullableGuidRow();
            default: throw new ArgumentOutOfRangeException(nameof(index));
        }
    }

    // Minimum sizes are those of default(T) for the fixed-width parts (a decimal's magnitude 0 and its flags byte: 2; a
    // DateTimeOffset's ticks and offset 0: 9); varints take 1. A length prefix is at least 1 byte; an array's elements are
    // bounded by their own row's MinBytes. A nullable row follows its value type's row (its run is that row's).
    private static NativeTypeCodec BooleanRow() => BuiltIn(typeof(bool), nameof(SlimWriter.WriteBoolean), nameof(SlimReader.ReadBoolean), 1, static (SlimWriter w, bool v) => w.WriteBoolean(v), static (SlimReader r) => r.ReadBoolean(), Run(nameof(UnsafeRunWrites.Boolean), 1, nameof(UnsafeRunReads.Boolean)));
    private static NativeTypeCodec ByteRow() => BuiltIn(typeof(byte), nameof(SlimWriter.WriteByte), nameof(SlimReader.ReadByte), 1, static (SlimWriter w, byte v) => w.WriteByte(v), static (SlimReader r) => r.ReadByte(), Run(nameof(UnsafeRunWrites.Byte), 1, nameof(UnsafeRunReads.Byte)));
    private static NativeTypeCodec SByteRow() => BuiltIn(typeof(sbyte), nameof(SlimWriter.WriteSByte), nameof(SlimReader.ReadSByte), 1, static (SlimWriter w, sbyte v) => w.WriteSByte(v), static (SlimReader r) => r.ReadSByte(), Run(nameof(UnsafeRunWrites.SByte), 1, nameof(UnsafeRunReads.SByte)));
    private static NativeTypeCodec CharRow() => BuiltIn(typeof(char), nameof(SlimWriter.WriteChar), nameof(SlimReader.ReadChar), 1, static (SlimWriter w, char v) => w.WriteChar(v), static (SlimReader r) => r.ReadChar(), Run(nameof(UnsafeRunWrites.Char), VarInt.MaxBytes32, nameof(UnsafeRunReads.Char)));
    private static NativeTypeCodec Int16Row() => BuiltIn(typeof(short), nameof(SlimWriter.WriteInt16), nameof(SlimReader.ReadInt16), 1, static (SlimWriter w, short v) => w.WriteInt16(v), static (SlimReader r) => r.ReadInt16(), Run(nameof(UnsafeRunWrites.Int16), VarInt.MaxBytes32, nameof(UnsafeRunReads.Int16)));
    private static NativeTypeCodec UInt16Row() => BuiltIn(typeof(ushort), nameof(SlimWriter.WriteUInt16), nameof(SlimReader.ReadUInt16), 1, static (SlimWriter w, ushort v) => w.WriteUInt16(v), static (SlimReader r) => r.ReadUInt16(), Run(nameof(UnsafeRunWrites.UInt16), VarInt.MaxBytes32, nameof(UnsafeRunReads.UInt16)));
    private static NativeTypeCodec Int32Row() => BuiltIn(typeof(int), nameof(SlimWriter.WriteInt32), nameof(SlimReader.ReadInt32), 1, static (SlimWriter w, int v) => w.WriteInt32(v), static (SlimReader r) => r.ReadInt32(), Run(nameof(UnsafeRunWrites.Int32), VarInt.MaxBytes32, nameof(UnsafeRunReads.Int32)));
    private static NativeTypeCodec UInt32Row() => BuiltIn(typeof(uint), nameof(SlimWriter.WriteUInt32), nameof(SlimReader.ReadUInt32), 1, static (SlimWriter w, uint v) => w.WriteUInt32(v), static (SlimReader r) => r.ReadUInt32(), Run(nameof(UnsafeRunWrites.UInt32), VarInt.MaxBytes32, nameof(UnsafeRunReads.UInt32)));
    private static NativeTypeCodec Int64Row() => BuiltIn(typeof(long), nameof(SlimWriter.WriteInt64), nameof(SlimReader.ReadInt64), 1, static (SlimWriter w, long v) => w.WriteInt64(v), static (SlimReader r) => r.ReadInt64(), Run(nameof(UnsafeRunWrites.Int64), VarInt.MaxBytes64, nameof(UnsafeRunReads.Int64)));
    private static NativeTypeCodec UInt64Row() => BuiltIn(typeof(ulong), nameof(SlimWriter.WriteUInt64), nameof(SlimReader.ReadUInt64), 1, static (SlimWriter w, ulong v) => w.WriteUInt64(v), static (SlimReader r) => r.ReadUInt64(), Run(nameof(UnsafeRunWrites.UInt64), VarInt.MaxBytes64, nameof(UnsafeRunReads.UInt64)));
    private static NativeTypeCodec Int128Row() => BuiltIn(typeof(Int128), nameof(SlimWriter.WriteInt128), nameof(SlimReader.ReadInt128), 1, static (SlimWriter w, Int128 v) => w.WriteInt128(v), static (SlimReader r) => r.ReadInt128());
    private static NativeTypeCodec UInt128Row() => BuiltIn(typeof(UInt128), nameof(SlimWriter.WriteUInt128), nameof(SlimReader.ReadUInt128), 1, static (SlimWriter w, UInt128 v) => w.WriteUInt128(v), static (SlimReader r) => r.ReadUInt128());
    private static NativeTypeCodec HalfRow() => BuiltIn(typeof(Half), nameof(SlimWriter.WriteHalf), nameof(SlimReader.ReadHalf), 2, static (SlimWriter w, Half v) => w.WriteHalf(v), static (SlimReader r) => r.ReadHalf(), Run(nameof(UnsafeRunWrites.Half), 2, nameof(UnsafeRunReads.Half)));
    private static NativeTypeCodec SingleRow() => BuiltIn(typeof(float), nameof(SlimWriter.WriteSingle), nameof(SlimReader.ReadSingle), 4, static (SlimWriter w, float v) => w.WriteSingle(v), static (SlimReader r) => r.ReadSingle(), Run(nameof(UnsafeRunWrites.Single), 4, nameof(UnsafeRunReads.Single)));
    private static NativeTypeCodec DoubleRow() => BuiltIn(typeof(double), nameof(SlimWriter.WriteDouble), nameof(SlimReader.ReadDouble), 8, static (SlimWriter w, double v) => w.WriteDouble(v), static (SlimReader r) => r.ReadDouble(), Run(nameof(UnsafeRunWrites.Double), 8, nameof(UnsafeRunReads.Double)));
    private static NativeTypeCodec DecimalRow() => BuiltIn(typeof(decimal), nameof(SlimWriter.WriteDecimal), nameof(SlimReader.ReadDecimal), 2, static (SlimWriter w, decimal v) => w.WriteDecimal(v), static (SlimReader r) => r.ReadDecimal(), Run(nameof(UnsafeRunWrites.Decimal), VarInt.MaxBytes128 + 1));
    private static NativeTypeCodec BigIntegerRow() => BuiltIn(typeof(BigInteger), nameof(SlimWriter.WriteBigInteger), nameof(SlimReader.ReadBigInteger), 1, static (SlimWriter w, BigInteger v) => w.WriteBigInteger(v), static (SlimReader r) => r.ReadBigInteger());
    private static NativeTypeCodec DateTimeRow() => BuiltIn(typeof(DateTime), nameof(SlimWriter.WriteDateTime), nameof(SlimReader.ReadDateTime), 8, static (SlimWriter w, DateTime v) => w.WriteDateTime(v), static (SlimReader r) => r.ReadDateTime(), Run(nameof(UnsafeRunWrites.DateTime), 8, nameof(UnsafeRunReads.DateTime)));
    private static NativeTypeCodec DateTimeOffsetRow() => BuiltIn(typeof(DateTimeOffset), nameof(SlimWriter.WriteDateTimeOffset), nameof(SlimReader.ReadDateTimeOffset), 9, static (SlimWriter w, DateTimeOffset v) => w.WriteDateTimeOffset(v), static (SlimReader r) => r.ReadDateTimeOffset(), Run(nameof(UnsafeRunWrites.DateTimeOffset), 8 + VarInt.MaxBytes32));
    private static NativeTypeCodec TimeSpanRow() => BuiltIn(typeof(TimeSpan), nameof(SlimWriter.WriteTimeSpan), nameof(SlimReader.ReadTimeSpan), 1, static (SlimWriter w, TimeSpan v) => w.WriteTimeSpan(v), static (SlimReader r) => r.ReadTimeSpan(), Run(nameof(UnsafeRunWrites.TimeSpan), VarInt.MaxBytes64, nameof(UnsafeRunReads.TimeSpan)));
    private static NativeTypeCodec DateOnlyRow() => BuiltIn(typeof(DateOnly), nameof(SlimWriter.WriteDateOnly), nameof(SlimReader.ReadDateOnly), 1, static (SlimWriter w, DateOnly v) => w.WriteDateOnly(v), static (SlimReader r) => r.ReadDateOnly(), Run(nameof(UnsafeRunWrites.DateOnly), VarInt.MaxBytes32));
    private static NativeTypeCodec TimeOnlyRow() => BuiltIn(typeof(TimeOnly), nameof(SlimWriter.WriteTimeOnly), nameof(SlimReader.ReadTimeOnly), 1, static (SlimWriter w, TimeOnly v) => w.WriteTimeOnly(v), static (SlimReader r) => r.ReadTimeOnly(), Run(nameof(UnsafeRunWrites.TimeOnly), VarInt.MaxBytes64));
    private static NativeTypeCodec GuidRow() => BuiltIn(typeof(Guid), nameof(SlimWriter.WriteGuid), nameof(SlimReader.ReadGuid), 16, static (SlimWriter w, Guid v) => w.WriteGuid(v), static (SlimReader r) => r.ReadGuid(), Run(nameof(UnsafeRunWrites.Guid), 16, nameof(UnsafeRunReads.Guid)));
    private static NativeTypeCodec StringRow() => BuiltIn(typeof(string), nameof(SlimWriter.WriteString), nameof(SlimReader.ReadString), 1, static (SlimWriter w, string? v) => w.WriteString(v), static (SlimReader r) => r.ReadString());
    private static NativeTypeCodec ByteArrayRow() => BuiltIn(typeof(byte[]), nameof(SlimWriter.WriteByteArray), nameof(SlimReader.ReadByteArray), 1, static (SlimWriter w, byte[]? v) => w.WriteByteArray(v), static (SlimReader r) => r.ReadByteArray());
    private static NativeTypeCodec BooleanArrayRow() => BuiltIn(typeof(bool[]), nameof(SlimWriter.WriteBooleanArray), nameof(SlimReader.ReadBooleanArray), 1, static (SlimWriter w, bool[]? v) => w.WriteBooleanArray(v), static (SlimReader r) => r.ReadBooleanArray());
    private static NativeTypeCodec SByteArrayRow() => BuiltIn(typeof(sbyte[]), nameof(SlimWriter.WriteSByteArray), nameof(SlimReader.ReadSByteArray), 1, static (SlimWriter w, sbyte[]? v) => w.WriteSByteArray(v), static (SlimReader r) => r.ReadSByteArray());
    private static NativeTypeCodec CharArrayRow() => BuiltIn(typeof(char[]), nameof(SlimWriter.WriteCharArray), nameof(SlimReader.ReadCharArray), 1, static (SlimWriter w, char[]? v) => w.WriteCharArray(v), static (SlimReader r) => r.ReadCharArray());
    private static NativeTypeCodec Int16ArrayRow() => BuiltIn(typeof(short[]), nameof(SlimWriter.WriteInt16Array), nameof(SlimReader.ReadInt16Array), 1, static (SlimWriter w, short[]? v) => w.WriteInt16Array(v), static (SlimReader r) => r.ReadInt16Array());
    private static NativeTypeCodec UInt16ArrayRow() => BuiltIn(typeof(ushort[]), nameof(SlimWriter.WriteUInt16Array), nameof(SlimReader.ReadUInt16Array), 1, static (SlimWriter w, ushort[]? v) => w.WriteUInt16Array(v), static (SlimReader r) => r.ReadUInt16Array());
    private static NativeTypeCodec Int32ArrayRow() => BuiltIn(typeof(int[]), nameof(SlimWriter.WriteInt32Array), nameof(SlimReader.ReadInt32Array), 1, static (SlimWriter w, int[]? v) => w.WriteInt32Array(v), static (SlimReader r) => r.ReadInt32Array());
    private static NativeTypeCodec UInt32ArrayRow() => BuiltIn(typeof(uint[]), nameof(SlimWriter.WriteUInt32Array), nameof(SlimReader.ReadUInt32Array), 1, static (SlimWriter w, uint[]? v) => w.WriteUInt32Array(v), static (SlimReader r) => r.ReadUInt32Array());
    private static NativeTypeCodec Int64ArrayRow() => BuiltIn(typeof(long[]), nameof(SlimWriter.WriteInt64Array), nameof(SlimReader.ReadInt64Array), 1, static (SlimWriter w, long[]? v) => w.WriteInt64Array(v), static (SlimReader r) => r.ReadInt64Array());
    private static NativeTypeCodec UInt64ArrayRow() => BuiltIn(typeof(ulong[]), nameof(SlimWriter.WriteUInt64Array), nameof(SlimReader.ReadUInt64Array), 1, static (SlimWriter w, ulong[]? v) => w.WriteUInt64Array(v), static (SlimReader r) => r.ReadUInt64Array());
    private static NativeTypeCodec Int128ArrayRow() => BuiltIn(typeof(Int128[]), nameof(SlimWriter.WriteInt128Array), nameof(SlimReader.ReadInt128Array), 1, static (SlimWriter w, Int128[]? v) => w.WriteInt128Array(v), static (SlimReader r) => r.ReadInt128Array());
    private static NativeTypeCodec UInt128ArrayRow() => BuiltIn(typeof(UInt128[]), nameof(SlimWriter.WriteUInt128Array), nameof(SlimReader.ReadUInt128Array), 1, static (SlimWriter w, UInt128[]? v) => w.WriteUInt128Array(v), static (SlimReader r) => r.ReadUInt128Array());
    private static NativeTypeCodec HalfArrayRow() => BuiltIn(typeof(Half[]), nameof(SlimWriter.WriteHalfArray), nameof(SlimReader.ReadHalfArray), 1, static (SlimWriter w, Half[]? v) => w.WriteHalfArray(v), static (SlimReader r) => r.ReadHalfArray());
    private static NativeTypeCodec SingleArrayRow() => BuiltIn(typeof(float[]), nameof(SlimWriter.WriteSingleArray), nameof(SlimReader.ReadSingleArray), 1, static (SlimWriter w, float[]? v) => w.WriteSingleArray(v), static (SlimReader r) => r.ReadSingleArray());
    private static NativeTypeCodec DoubleArrayRow() => BuiltIn(typeof(double[]), nameof(SlimWriter.WriteDoubleArray), nameof(SlimReader.ReadDoubleArray), 1, static (SlimWriter w, double[]? v) => w.WriteDoubleArray(v), static (SlimReader r) => r.ReadDoubleArray());
    private static NativeTypeCodec DecimalArrayRow() => BuiltIn(typeof(decimal[]), nameof(SlimWriter.WriteDecimalArray), nameof(SlimReader.ReadDecimalArray), 1, static (SlimWriter w, decimal[]? v) => w.WriteDecimalArray(v), static (SlimReader r) => r.ReadDecimalArray());
    private static NativeTypeCodec BigIntegerArrayRow() => BuiltIn(typeof(BigInteger[]), nameof(SlimWriter.WriteBigIntegerArray), nameof(SlimReader.ReadBigIntegerArray), 1, static (SlimWriter w, BigInteger[]? v) => w.WriteBigIntegerArray(v), static (SlimReader r) => r.ReadBigIntegerArray());
    private static NativeTypeCodec DateTimeArrayRow() => BuiltIn(typeof(DateTime[]), nameof(SlimWriter.WriteDateTimeArray), nameof(SlimReader.ReadDateTimeArray), 1, static (SlimWriter w, DateTime[]? v) => w.WriteDateTimeArray(v), static (SlimReader r) => r.ReadDateTimeArray());
    private static NativeTypeCodec DateTimeOffsetArrayRow() => BuiltIn(typeof(DateTimeOffset[]), nameof(SlimWriter.WriteDateTimeOffsetArray), nameof(SlimReader.ReadDateTimeOffsetArray), 1, static (SlimWriter w, DateTimeOffset[]? v) => w.WriteDateTimeOffsetArray(v), static (SlimReader r) => r.ReadDateTimeOffsetArray());
    private static NativeTypeCodec TimeSpanArrayRow() => BuiltIn(typeof(TimeSpan[]), nameof(SlimWriter.WriteTimeSpanArray), nameof(SlimReader.ReadTimeSpanArray), 1, static (SlimWriter w, TimeSpan[]? v) => w.WriteTimeSpanArray(v), static (SlimReader r) => r.ReadTimeSpanArray());
    private static NativeTypeCodec DateOnlyArrayRow() => BuiltIn(typeof(DateOnly[]), nameof(SlimWriter.WriteDateOnlyArray), nameof(SlimReader.ReadDateOnlyArray), 1, static (SlimWriter w, DateOnly[]? v) => w.WriteDateOnlyArray(v), static (SlimReader r) => r.ReadDateOnlyArray());
    private static NativeTypeCodec TimeOnlyArrayRow() => BuiltIn(typeof(TimeOnly[]), nameof(SlimWriter.WriteTimeOnlyArray), nameof(SlimReader.ReadTimeOnlyArray), 1, static (SlimWriter w, TimeOnly[]? v) => w.WriteTimeOnlyArray(v), static (SlimReader r) => r.ReadTimeOnlyArray());
    private static NativeTypeCodec GuidArrayRow() => BuiltIn(typeof(Guid[]), nameof(SlimWriter.WriteGuidArray), nameof(SlimReader.ReadGuidArray), 1, static (SlimWriter w, Guid[]? v) => w.WriteGuidArray(v), static (SlimReader r) => r.ReadGuidArray());
    private static NativeTypeCodec NullableBooleanRow() => BuiltInNullable(typeof(bool?), Row(0), nameof(SlimWriter.WriteNullableBoolean), nameof(SlimReader.ReadNullableBoolean), static (SlimWriter w, bool? v) => w.WriteNullableBoolean(v), static (SlimReader r) => r.ReadNullableBoolean());
    private static NativeTypeCodec NullableByteRow() => BuiltInNullable(typeof(byte?), Row(1), nameof(SlimWriter.WriteNullableByte), nameof(SlimReader.ReadNullableByte), static (SlimWriter w, byte? v) => w.WriteNullableByte(v), static (SlimReader r) => r.ReadNullableByte());
    private static NativeTypeCodec NullableSByteRow() => BuiltInNullable(typeof(sbyte?), Row(2), nameof(SlimWriter.WriteNullableSByte), nameof(SlimReader.ReadNullableSByte), static (SlimWriter w, sbyte? v) => w.WriteNullableSByte(v), static (SlimReader r) => r.ReadNullableSByte());
    private static NativeTypeCodec NullableCharRow() => BuiltInNullable(typeof(char?), Row(3), nameof(SlimWriter.WriteNullableChar), nameof(SlimReader.ReadNullableChar), static (SlimWriter w, char? v) => w.WriteNullableChar(v), static (SlimReader r) => r.ReadNullableChar());
    private static NativeTypeCodec NullableInt16Row() => BuiltInNullable(typeof(short?), Row(4), nameof(SlimWriter.WriteNullableInt16), nameof(SlimReader.ReadNullableInt16), static (SlimWriter w, short? v) => w.WriteNullableInt16(v), static (SlimReader r) => r.ReadNullableInt16());
    private static NativeTypeCodec NullableUInt16Row() => BuiltInNullable(typeof(ushort?), Row(5), nameof(SlimWriter.WriteNullableUInt16), nameof(SlimReader.ReadNullableUInt16), static (SlimWriter w, ushort? v) => w.WriteNullableUInt16(v), static (SlimReader r) => r.ReadNullableUInt16());
    private static NativeTypeCodec NullableInt32Row() => BuiltInNullable(typeof(int?), Row(6), nameof(SlimWriter.WriteNullableInt32), nameof(SlimReader.ReadNullableInt32), static (SlimWriter w, int? v) => w.WriteNullableInt32(v), static (SlimReader r) => r.ReadNullableInt32());
    private static NativeTypeCodec NullableUInt32Row() => BuiltInNullable(typeof(uint?), Row(7), nameof(SlimWriter.WriteNullableUInt32), nameof(SlimReader.ReadNullableUInt32), static (SlimWriter w, uint? v) => w.WriteNullableUInt32(v), static (SlimReader r) => r.ReadNullableUInt32());
    private static NativeTypeCodec NullableInt64Row() => BuiltInNullable(typeof(long?), Row(8), nameof(SlimWriter.WriteNullableInt64), nameof(SlimReader.ReadNullableInt64), static (SlimWriter w, long? v) => w.WriteNullableInt64(v), static (SlimReader r) => r.ReadNullableInt64());
    private static NativeTypeCodec NullableUInt64Row() => BuiltInNullable(typeof(ulong?), Row(9), nameof(SlimWriter.WriteNullableUInt64), nameof(SlimReader.ReadNullableUInt64), static (SlimWriter w, ulong? v) => w.WriteNullableUInt64(v), static (SlimReader r) => r.ReadNullableUInt64());
    private static NativeTypeCodec NullableInt128Row() => BuiltInNullable(typeof(Int128?), Row(10), nameof(SlimWriter.WriteNullableInt128), nameof(SlimReader.ReadNullableInt128), static (SlimWriter w, Int128? v) => w.WriteNullableInt128(v), static (SlimReader r) => r.ReadNullableInt128());
    private static NativeTypeCodec NullableUInt128Row() => BuiltInNullable(typeof(UInt128?), Row(11), nameof(SlimWriter.WriteNullableUInt128), nameof(SlimReader.ReadNullableUInt128), static (SlimWriter w, UInt128? v) => w.WriteNullableUInt128(v), static (SlimReader r) => r.ReadNullableUInt128());
    private static NativeTypeCodec NullableHalfRow() => BuiltInNullable(typeof(Half?), Row(12), nameof(SlimWriter.WriteNullableHalf), nameof(SlimReader.ReadNullableHalf), static (SlimWriter w, Half? v) => w.WriteNullableHalf(v), static (SlimReader r) => r.ReadNullableHalf());
    private static NativeTypeCodec NullableSingleRow() => BuiltInNullable(typeof(float?), Row(13), nameof(SlimWriter.WriteNullableSingle), nameof(SlimReader.ReadNullableSingle), static (SlimWriter w, float? v) => w.WriteNullableSingle(v), static (SlimReader r) => r.ReadNullableSingle());
    private static NativeTypeCodec NullableDoubleRow() => BuiltInNullable(typeof(double?), Row(14), nameof(SlimWriter.WriteNullableDouble), nameof(SlimReader.ReadNullableDouble), static (SlimWriter w, double? v) => w.WriteNullableDouble(v), static (SlimReader r) => r.ReadNullableDouble());
    private static NativeTypeCodec NullableDecimalRow() => BuiltInNullable(typeof(decimal?), Row(15), nameof(SlimWriter.WriteNullableDecimal), nameof(SlimReader.ReadNullableDecimal), static (SlimWriter w, decimal? v) => w.WriteNullableDecimal(v), static (SlimReader r) => r.ReadNullableDecimal());
    private static NativeTypeCodec NullableBigIntegerRow() => BuiltInNullable(typeof(BigInteger?), Row(16), nameof(SlimWriter.WriteNullableBigInteger), nameof(SlimReader.ReadNullableBigInteger), static (SlimWriter w, BigInteger? v) => w.WriteNullableBigInteger(v), static (SlimReader r) => r.ReadNullableBigInteger());
    private static NativeTypeCodec NullableDateTimeRow() => BuiltInNullable(typeof(DateTime?), Row(17), nameof(SlimWriter.WriteNullableDateTime), nameof(SlimReader.ReadNullableDateTime), static (SlimWriter w, DateTime? v) => w.WriteNullableDateTime(v), static (SlimReader r) => r.ReadNullableDateTime());
    private static NativeTypeCodec NullableDateTimeOffsetRow() => BuiltInNullable(typeof(DateTimeOffset?), Row(18), nameof(SlimWriter.WriteNullableDateTimeOffset), nameof(SlimReader.ReadNullableDateTimeOffset), static (SlimWriter w, DateTimeOffset? v) => w.WriteNullableDateTimeOffset(v), static (SlimReader r) => r.ReadNullableDateTimeOffset());
    private static NativeTypeCodec NullableTimeSpanRow() => BuiltInNullable(typeof(TimeSpan?), Row(19), nameof(SlimWriter.WriteNullableTimeSpan), nameof(SlimReader.ReadNullableTimeSpan), static (SlimWriter w, TimeSpan? v) => w.WriteNullableTimeSpan(v), static (SlimReader r) => r.ReadNullableTimeSpan());
    private static NativeTypeCodec NullableDateOnlyRow() => BuiltInNullable(typeof(DateOnly?), Row(20), nameof(SlimWriter.WriteNullableDateOnly), nameof(SlimReader.ReadNullableDateOnly), static (SlimWriter w, DateOnly? v) => w.WriteNullableDateOnly(v), static (SlimReader r) => r.ReadNullableDateOnly());
    private static NativeTypeCodec NullableTimeOnlyRow() => BuiltInNullable(typeof(TimeOnly?), Row(21), nameof(SlimWriter.WriteNullableTimeOnly), nameof(SlimReader.ReadNullableTimeOnly), static (SlimWriter w, TimeOnly? v) => w.WriteNullableTimeOnly(v), static (SlimReader r) => r.ReadNullableTimeOnly());
    private static NativeTypeCodec NullableGuidRow() => BuiltInNullable(typeof(Guid?), Row(22), nameof(SlimWriter.WriteNullableGuid), nameof(SlimReader.ReadNullableGuid), static (SlimWriter w, Guid? v) => w.WriteNullableGuid(v), static (SlimReader r) => r.ReadNullableGuid());

    // The types of the rows, in table order (StreamerFormat.NativeTypes): made only when listed.
    private static class TypeList
    {
        public static readonly IReadOnlyList<Type> Types = Array.AsReadOnly<Type>(
        [
            typeof(bool), typeof(byte), typeof(sbyte), typeof(char), typeof(short), typeof(ushort), typeof(int), typeof(uint), typeof(long),
            typeof(ulong), typeof(Int128), typeof(UInt128), typeof(Half), typeof(float), typeof(double), typeof(decimal), typeof(BigInteger),
            typeof(DateTime), typeof(DateTimeOffset), typeof(TimeSpan), typeof(DateOnly), typeof(TimeOnly), typeof(Guid), typeof(string),
            typeof(byte[]), typeof(bool[]), typeof(sbyte[]), typeof(char[]), typeof(short[]), typeof(ushort[]), typeof(int[]), typeof(uint[]),
            typeof(long[]), typeof(ulong[]), typeof(Int128[]), typeof(UInt128[]), typeof(Half[]), typeof(float[]), typeof(double[]),
            typeof(decimal[]), typeof(BigInteger[]), typeof(DateTime[]), typeof(DateTimeOffset[]), typeof(TimeSpan[]), typeof(DateOnly[]),
            typeof(TimeOnly[]), typeof(Guid[]), typeof(bool?), typeof(byte?), typeof(sbyte?), typeof(char?), typeof(short?), typeof(ushort?),
            typeof(int?), typeof(uint?), typeof(long?), typeof(ulong?), typeof(Int128?), typeof(UInt128?), typeof(Half?), typeof(float?),
            typeof(double?), typeof(decimal?), typeof(BigInteger?), typeof(DateTime?), typeof(DateTimeOffset?), typeof(TimeSpan?),
            typeof(DateOnly?), typeof(TimeOnly?), typeof(Guid?),
        ]);
    }
}
