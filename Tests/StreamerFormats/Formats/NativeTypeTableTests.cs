using System.Numerics;
using NFX.IO;
using NFX.Slim.TypeSystem;

namespace NFX.Tests.StreamerFormats.Formats;

/// <summary>
/// The built-in native-type table, row by row: which types are native, in which order, how few bytes a value takes
/// (what readers bound collection lengths with) and how field runs write and read it. A change here is a change of
/// what generated code writes or accepts: it must be deliberate.
/// </summary>
public sealed class NativeTypeTableTests
{
    // type: min bytes, then "run N" (the most bytes in a run) with "+read" when it has a run reader, or "-" for no run.
    private static readonly string[] s_rows =
    [
        "Boolean: 1 run 1+read", "Byte: 1 run 1+read", "SByte: 1 run 1+read", "Char: 1 run 5+read", "Int16: 1 run 5+read",
        "UInt16: 1 run 5+read", "Int32: 1 run 5+read", "UInt32: 1 run 5+read", "Int64: 1 run 10+read", "UInt64: 1 run 10+read",
        "Int128: 1 -", "UInt128: 1 -", "Half: 2 run 2+read", "Single: 4 run 4+read", "Double: 8 run 8+read", "Decimal: 2 run 20",
        "BigInteger: 1 -", "DateTime: 8 run 8+read", "DateTimeOffset: 9 run 13", "TimeSpan: 1 run 10+read", "DateOnly: 1 run 5",
        "TimeOnly: 1 run 10", "Guid: 16 run 16+read",
        "String: 1 -", "Byte[]: 1 -",
        "Boolean[]: 1 -", "SByte[]: 1 -", "Char[]: 1 -", "Int16[]: 1 -", "UInt16[]: 1 -", "Int32[]: 1 -", "UInt32[]: 1 -",
        "Int64[]: 1 -", "UInt64[]: 1 -", "Int128[]: 1 -", "UInt128[]: 1 -", "Half[]: 1 -", "Single[]: 1 -", "Double[]: 1 -",
        "Decimal[]: 1 -", "BigInteger[]: 1 -", "DateTime[]: 1 -", "DateTimeOffset[]: 1 -", "TimeSpan[]: 1 -", "DateOnly[]: 1 -",
        "TimeOnly[]: 1 -", "Guid[]: 1 -",
        "Boolean?: 1 run 2+read", "Byte?: 1 run 2+read", "SByte?: 1 run 2+read", "Char?: 1 run 6+read", "Int16?: 1 run 6+read",
        "UInt16?: 1 run 6+read", "Int32?: 1 run 6+read", "UInt32?: 1 run 6+read", "Int64?: 1 run 11+read", "UInt64?: 1 run 11+read",
        "Int128?: 1 -", "UInt128?: 1 -", "Half?: 1 run 3+read", "Single?: 1 run 5+read", "Double?: 1 run 9+read", "Decimal?: 1 run 21",
        "BigInteger?: 1 -", "DateTime?: 1 run 9+read", "DateTimeOffset?: 1 run 14", "TimeSpan?: 1 run 11+read", "DateOnly?: 1 run 6",
        "TimeOnly?: 1 run 11", "Guid?: 1 run 17+read",
    ];

    private static string Describe(NativeTypeCodec row)
    {
        string name = Nullable.GetUnderlyingType(row.Type) is { } inner ? inner.Name + "?" : row.Type.Name;
        string run = row.RunWriteMethod is null ? "-" : $"run {row.RunMaxBytes}" + (row.RunReadMethod is null ? "" : "+read");
        return $"{name}: {row.MinBytes} {run}";
    }

    [Test]
    public void BuiltInTable_EveryRowInOrder_TypeMinimumAndRunEncoding()
    {
        Assert.That(BuiltInNativeTypes.All.Select(Describe), Is.EqualTo(s_rows));
        Assert.That(StreamerFormat.Default.NativeTypes, Is.EqualTo(BuiltInNativeTypes.All.Select(row => row.Type)));
    }

    /// <summary>
    /// The default format makes a row when its type is first asked for: every type finds the very row of the table (one
    /// instance, whichever comes first), and a type that is not native finds none.
    /// </summary>
    [Test]
    public void DefaultFormat_FindsEachRowOnDemand_TheTablesOwnInstance()
    {
        foreach (Type type in StreamerFormat.Default.NativeTypes)
        {
            Assert.That(StreamerFormat.Default.IsNative(type), type.Name);
            Assert.That(StreamerFormat.Default.TryGetCodec(type, out NativeTypeCodec? row), type.Name);
            Assert.That(row, Is.SameAs(BuiltInNativeTypes.All.Single(r => r.Type == type)), type.Name);
        }
        Type[] notNative =
        [
            typeof(object), typeof(Uri), typeof(int[,]), typeof(object[]), typeof(DayOfWeek), typeof(int?[]), typeof(nint),
            // The row is found from the type's shape (nullable, vector, type code): the shapes and codes that are not rows.
            typeof(DayOfWeek?), typeof(DayOfWeek[]), typeof(string[]), typeof(int[][]), typeof(double[,]), typeof(BigInteger[,]),
            typeof(Guid?[]), typeof(KeyValuePair<int, int>), typeof(KeyValuePair<int, int>?), typeof(KeyValuePair<int, int>[]),
            typeof(nuint), typeof(DBNull), typeof(Complex), typeof(Complex?), typeof(int).MakePointerType(), typeof(int).MakeByRefType(),
            typeof(int).MakeArrayType(1), typeof(TypeCode), typeof(ValueTuple<int>),
        ];
        foreach (Type type in notNative)
        {
            Assert.That(StreamerFormat.Default.IsNative(type), Is.False, type.Name);
            Assert.That(StreamerFormat.Default.TryGetCodec(type, out _), Is.False, type.Name);
        }
    }

    /// <summary>Rows name their methods and find them at first use: every name must find the method of its row's type.</summary>
    [Test]
    public void BuiltInTable_EveryRow_FindsItsWriterAndReaderOfItsType()
    {
        foreach (NativeTypeCodec row in BuiltInNativeTypes.All)
        {
            Assert.That(row.WriteMethod.GetParameters().Select(p => p.ParameterType), Is.EqualTo(new[] { row.Type }), row.Type.Name);
            Assert.That(row.ReadMethod.ReturnType, Is.EqualTo(row.Type), row.Type.Name);
            if (row.RunWriteMethod is { } runWrite)
            {
                Assert.That(runWrite.GetParameters()[2].ParameterType, Is.EqualTo(Nullable.GetUnderlyingType(row.Type) ?? row.Type), row.Type.Name);
                Assert.That(row.RunReadMethod?.ReturnType ?? runWrite.GetParameters()[2].ParameterType, Is.EqualTo(runWrite.GetParameters()[2].ParameterType), row.Type.Name);
            }
        }
    }

    /// <summary>A row's delegates (what codecs that compile nothing call) write and read the bytes of its named methods.</summary>
    [Test]
    public void BuiltInTable_EveryRow_DelegatesWriteAndReadTheBytesOfItsMethods()
    {
        foreach (NativeTypeCodec row in BuiltInNativeTypes.All)
        {
            foreach (object? value in Samples(row.Type))
            {
                using var byMethod = new SlimWriter();
                row.WriteMethod.Invoke(byMethod, [value]);
                using var byDelegate = new SlimWriter();
                var writer = (Delegate)typeof(NativeTypeCodec).GetMethod(nameof(NativeTypeCodec.GetWriter))!.MakeGenericMethod(row.Type).Invoke(row, null)!;
                writer.DynamicInvoke(byDelegate, value);
                byte[] bytes = byDelegate.WrittenSpan.ToArray();
                Assert.That(bytes, Is.EqualTo(byMethod.WrittenSpan.ToArray()), $"{row.Type.Name} {value}");

                var reader = (Delegate)typeof(NativeTypeCodec).GetMethod(nameof(NativeTypeCodec.GetReader))!.MakeGenericMethod(row.Type).Invoke(row, null)!;
                Assert.That(reader.DynamicInvoke(new SlimReader(bytes)), Is.EqualTo(value), $"{row.Type.Name} {value}");
                Assert.That(row.ReadMethod.Invoke(new SlimReader(bytes), null), Is.EqualTo(value), $"{row.Type.Name} {value}");
            }
        }
    }

    // Values whose bytes differ between encodings (a default value is one byte in most of them).
    private static readonly Dictionary<Type, object> s_samples = new()
    {
        [typeof(bool)] = true, [typeof(byte)] = (byte)200, [typeof(sbyte)] = (sbyte)-100, [typeof(char)] = 'Ж',
        [typeof(short)] = (short)-30_000, [typeof(ushort)] = (ushort)60_000, [typeof(int)] = -123_456_789, [typeof(uint)] = 4_000_000_000u,
        [typeof(long)] = -1_234_567_890_123L, [typeof(ulong)] = ulong.MaxValue - 1, [typeof(Int128)] = (Int128)long.MinValue * 3,
        [typeof(UInt128)] = UInt128.MaxValue - 5, [typeof(Half)] = (Half)1.5, [typeof(float)] = -2.5f, [typeof(double)] = Math.PI,
        [typeof(decimal)] = -1234.5678m, [typeof(BigInteger)] = BigInteger.Pow(7, 40),
        [typeof(DateTime)] = new DateTime(2026, 11, 29, 8, 0, 0, DateTimeKind.Utc),
        [typeof(DateTimeOffset)] = new DateTimeOffset(2026, 11, 29, 8, 0, 0, TimeSpan.FromHours(3)), [typeof(TimeSpan)] = TimeSpan.FromMinutes(-90),
        [typeof(DateOnly)] = new DateOnly(2026, 11, 29), [typeof(TimeOnly)] = new TimeOnly(8, 30, 15),
        [typeof(Guid)] = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"),
    };

    private static IEnumerable<object?> Samples(Type type)
    {
        if (type == typeof(string))
        {
            return ["native ✓", null];
        }
        if (type.IsArray)
        {
            Type element = type.GetElementType()!;
            var array = Array.CreateInstance(element, 2);
            array.SetValue(s_samples[element], 0);
            array.SetValue(Activator.CreateInstance(element), 1);
            return [array, null];
        }
        return Nullable.GetUnderlyingType(type) is { } inner ? [s_samples[inner], null] : [s_samples[type]];
    }

    [Test]
    public void GetWriter_OfAnotherType_IsRefusedNamingBoth()
    {
        NativeTypeCodec row = BuiltInNativeTypes.All.Single(r => r.Type == typeof(int));
        Assert.That(() => row.GetWriter<long>(), Throws.InvalidOperationException.With.Message.Contains("System.Int32").And.Message.Contains("System.Int64"));
        Assert.That(() => row.GetReader<uint>(), Throws.InvalidOperationException.With.Message.Contains("System.UInt32"));
    }

    [Test]
    public void BuiltInTable_ValueTypes_InTheOrderOfSlimsBuiltInTypeHandles()
    {
        Type[] valueTypes = BuiltInNativeTypes.All.Take(23).Select(row => row.Type).ToArray();
        Assert.That(valueTypes, Is.EqualTo(BuiltInTypes.All.Skip(4).Take(23)), "Slim's handles 4..26");
    }

    /// <summary>
    /// A minimum above what a value can take would refuse valid input: none passes the bytes of the default value, and
    /// the fixed-width ones are exactly those (BigInteger's zero is written in 2 bytes but may come in 1: a count of 0).
    /// </summary>
    [Test]
    public void BuiltInTable_MinBytes_AtMostTheBytesOfTheDefaultValue()
    {
        foreach (NativeTypeCodec row in BuiltInNativeTypes.All.Where(row => row.Type.IsValueType && Nullable.GetUnderlyingType(row.Type) is null))
        {
            using var writer = new SlimWriter();
            row.WriteMethod.Invoke(writer, [Activator.CreateInstance(row.Type)]);
            Assert.That(row.MinBytes, row.Type == typeof(BigInteger) ? Is.EqualTo(writer.Position - 1) : Is.EqualTo(writer.Position), row.Type.Name);
        }
        using var reader = new SlimReader([0]);
        Assert.That(reader.ReadBigInteger(), Is.EqualTo(BigInteger.Zero), "a BigInteger of 1 byte");
    }
}
