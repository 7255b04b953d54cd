using System.Numerics;
using NFX.IO;

namespace NFX.Tests.StreamerFormats.Formats;

/// <summary>A user's money amount: minor units and an ISO currency code.</summary>
public readonly record struct Money(long MinorUnits, string Currency);

/// <summary>A user's strongly typed id.</summary>
public readonly record struct OrderId(Guid Value);

/// <summary>A user format adding Money and OrderId as native types.</summary>
public class ShopFormat : StreamerFormat
{
    /// <summary>Money: minor units (ZigZag varint) then the currency string.</summary>
    public static void WriteMoney(SlimWriter writer, Money value)
    {
        writer.WriteInt64(value.MinorUnits);
        writer.WriteString(value.Currency);
    }

    /// <summary>Reads what <see cref="WriteMoney"/> wrote.</summary>
    public static Money ReadMoney(SlimReader reader) => new(reader.ReadInt64(), reader.ReadString()!);

    /// <summary>OrderId: the 16 Guid bytes.</summary>
    public static void WriteOrderId(SlimWriter writer, OrderId value) => writer.WriteGuid(value.Value);

    /// <summary>Reads what <see cref="WriteOrderId"/> wrote.</summary>
    public static OrderId ReadOrderId(SlimReader reader) => new(reader.ReadGuid());
}

/// <summary>Derives from a user format and replaces one of its pairs and a built-in one.</summary>
public sealed class CompactShopFormat : ShopFormat
{
    /// <summary>Money as minor units only, currency assumed.</summary>
    public static new void WriteMoney(SlimWriter writer, Money value) => writer.WriteInt64(value.MinorUnits);

    /// <summary>Reads what <see cref="WriteMoney"/> wrote.</summary>
    public static new Money ReadMoney(SlimReader reader) => new(reader.ReadInt64(), "EUR");

    /// <summary>int as 4 fixed bytes instead of a varint.</summary>
    public static void WriteInt32(SlimWriter writer, int value) => writer.WriteFixed32((uint)value);

    /// <summary>Reads what <see cref="WriteInt32"/> wrote.</summary>
    public static int ReadInt32(SlimReader reader) => (int)reader.ReadFixed32();
}

/// <summary>WriteX whose ReadX returns another type.</summary>
public sealed class MismatchedTypeFormat : StreamerFormat
{
    /// <summary>Writes money.</summary>
    public static void WriteMoney(SlimWriter writer, Money value) => writer.WriteInt64(value.MinorUnits);

    /// <summary>Reads a long, not money.</summary>
    public static long ReadMoney(SlimReader reader) => reader.ReadInt64();
}

/// <summary>WriteX with no ReadX.</summary>
public sealed class MissingReadFormat : StreamerFormat
{
    /// <summary>Writes money.</summary>
    public static void WriteMoney(SlimWriter writer, Money value) => writer.WriteInt64(value.MinorUnits);
}

/// <summary>ReadX with no WriteX.</summary>
public sealed class MissingWriteFormat : StreamerFormat
{
    /// <summary>Reads an id.</summary>
    public static OrderId ReadOrderId(SlimReader reader) => new(reader.ReadGuid());
}

/// <summary>WriteX with a wrong shape (an extra parameter).</summary>
public sealed class WrongShapeFormat : StreamerFormat
{
    /// <summary>Writes money with a flag.</summary>
    public static void WriteMoney(SlimWriter writer, Money value, bool compact) => writer.WriteInt64(compact ? 0 : value.MinorUnits);

    /// <summary>Reads money.</summary>
    public static Money ReadMoney(SlimReader reader) => new(reader.ReadInt64(), "EUR");
}

/// <summary>Native-type discovery, user formats and their compiled delegates.</summary>
public sealed class StreamerFormatTests
{
    private static readonly string[] s_valueTypes =
    [
        "Boolean", "Byte", "SByte", "Char", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64", "Int128", "UInt128",
        "Half", "Single", "Double", "Decimal", "BigInteger", "DateTime", "DateTimeOffset", "TimeSpan", "DateOnly", "TimeOnly", "Guid",
    ];

    [Test]
    public void Default_NativeTypes_AreEveryValueTypeItsArrayItsNullableStringAndByteArray()
    {
        var expected = new HashSet<string>(StringComparer.Ordinal) { "String" };
        foreach (string name in s_valueTypes)
        {
            expected.Add(name);
            expected.Add(name + "[]");
            expected.Add("Nullable`1[" + name + "]");
        }
        var actual = StreamerFormat.Default.NativeTypes
            .Select(t => Nullable.GetUnderlyingType(t) is { } u ? $"Nullable`1[{u.Name}]" : t.Name)
            .ToHashSet(StringComparer.Ordinal);
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(StreamerFormat.Default.IsNative(typeof(string[])), Is.False, "string[] is an object array with identity, not native");
        Assert.That(StreamerFormat.Default.IsNative(typeof(int?[])), Is.False);
    }

    [Test]
    public void Default_HelperMethods_AreNotMistakenForEncodings()
    {
        Assert.That(StreamerFormat.Default.TryGetCodec(typeof(uint), out NativeTypeCodec? codec), Is.True);
        Assert.That(codec!.WriteMethod.Name, Is.EqualTo(nameof(SlimWriter.WriteUInt32)));
        Assert.That(StreamerFormat.Default.TryGetCodec(typeof(int?), out codec), Is.True);
        Assert.That(codec!.WriteMethod.Name, Is.EqualTo(nameof(SlimWriter.WriteNullableInt32)), "not WriteLengthPrefix(int?)");
    }

    [Test]
    public void UserFormat_StaticPairs_DiscoveredAlongsideBuiltIns()
    {
        var format = new ShopFormat();
        Assert.That(format.IsNative(typeof(Money)), Is.True);
        Assert.That(format.IsNative(typeof(OrderId)), Is.True);
        Assert.That(format.IsNative(typeof(decimal)), Is.True);
        Assert.That(StreamerFormat.Default.IsNative(typeof(Money)), Is.False);
    }

    [Test]
    public void UserFormat_CompiledDelegates_RoundTripAndMatchDirectCalls()
    {
        var format = new ShopFormat();
        format.TryGetCodec(typeof(Money), out NativeTypeCodec? money);
        format.TryGetCodec(typeof(OrderId), out NativeTypeCodec? id);
        Action<SlimWriter, Money> writeMoney = money!.GetWriter<Money>();
        Func<SlimReader, Money> readMoney = money.GetReader<Money>();
        Action<SlimWriter, OrderId> writeId = id!.GetWriter<OrderId>();
        Func<SlimReader, OrderId> readId = id.GetReader<OrderId>();
        var values = new[] { new Money(12345, "EUR"), new Money(-1, "JPY"), new Money(long.MinValue, "") };
        var orderId = new OrderId(Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"));

        using var writer = new SlimWriter();
        foreach (Money value in values)
        {
            writeMoney(writer, value);
        }
        writeId(writer, orderId);
        using var direct = new SlimWriter();
        foreach (Money value in values)
        {
            ShopFormat.WriteMoney(direct, value);
        }
        ShopFormat.WriteOrderId(direct, orderId);
        Assert.That(Convert.ToHexString(writer.WrittenSpan), Is.EqualTo(Convert.ToHexString(direct.WrittenSpan)));

        using var reader = new SlimReader(writer.ToArray());
        Assert.That(values.Select(_ => readMoney(reader)), Is.EqualTo(values));
        Assert.That(readId(reader), Is.EqualTo(orderId));
        Assert.That(reader.IsAtEnd, Is.True);
    }

    [Test]
    public void DerivedUserFormat_MostDerivedPairWins_AndMayReplaceBuiltIns()
    {
        var format = new CompactShopFormat();
        format.TryGetCodec(typeof(Money), out NativeTypeCodec? money);
        format.TryGetCodec(typeof(int), out NativeTypeCodec? int32);
        format.TryGetCodec(typeof(OrderId), out NativeTypeCodec? id);
        Assert.That(money!.WriteMethod.DeclaringType, Is.EqualTo(typeof(CompactShopFormat)));
        Assert.That(id!.WriteMethod.DeclaringType, Is.EqualTo(typeof(ShopFormat)), "inherited pairs stay");

        using var writer = new SlimWriter();
        money.GetWriter<Money>()(writer, new Money(5, "USD"));
        int32!.GetWriter<int>()(writer, 1);
        Assert.That(Convert.ToHexString(writer.WrittenSpan), Is.EqualTo("0A01000000"));
        using var reader = new SlimReader(writer.ToArray());
        Assert.That(money.GetReader<Money>()(reader), Is.EqualTo(new Money(5, "EUR")));
        Assert.That(int32.GetReader<int>()(reader), Is.EqualTo(1));
    }

    [Test]
    public void UserFormat_ReadReturnsOtherType_ThrowsNamingBothMethods()
    {
        var ex = Assert.Throws<InvalidOperationException>(() => _ = new MismatchedTypeFormat())!;
        Assert.That(ex.Message, Does.Contain("ReadMoney").And.Contain("WriteMoney").And.Contain("Int64"));
    }

    [Test]
    public void UserFormat_WriteWithoutRead_ThrowsNamingMissingRead()
    {
        var ex = Assert.Throws<InvalidOperationException>(() => _ = new MissingReadFormat())!;
        Assert.That(ex.Message, Does.Contain("has no matching 'public static Money ReadMoney(SlimReader reader)'"));
    }

    [Test]
    public void UserFormat_ReadWithoutWrite_ThrowsNamingMissingWrite()
    {
        var ex = Assert.Throws<InvalidOperationException>(() => _ = new MissingWriteFormat())!;
        Assert.That(ex.Message, Does.Contain("WriteOrderId(SlimWriter writer, OrderId value)"));
    }

    [Test]
    public void UserFormat_WriteWithExtraParameter_ThrowsNamingExpectedShape()
    {
        var ex = Assert.Throws<InvalidOperationException>(() => _ = new WrongShapeFormat())!;
        Assert.That(ex.Message, Does.Contain("must be declared as 'public static void WriteMoney(SlimWriter writer, T value)'"));
    }

    [Test]
    public void Codec_GetWriterWithWrongType_ThrowsInvalidOperation()
    {
        StreamerFormat.Default.TryGetCodec(typeof(int), out NativeTypeCodec? codec);
        Assert.Throws<InvalidOperationException>(() => codec!.GetWriter<long>());
        Assert.Throws<InvalidOperationException>(() => codec!.GetReader<uint>());
    }

    [Test]
    public void Codec_Delegates_AreBuiltOncePerCodec()
    {
        StreamerFormat.Default.TryGetCodec(typeof(BigInteger), out NativeTypeCodec? codec);
        Assert.That(codec!.WriteDelegate, Is.SameAs(codec.WriteDelegate));
        Assert.That(new ShopFormat().TryGetCodec(typeof(BigInteger), out NativeTypeCodec? shared), Is.True);
        Assert.That(shared, Is.SameAs(codec), "built-in codecs are shared by every format");
    }

    [Test]
    public void ReadEmptyArrays_EveryArrayType_ReturnsAFreshArrayEachTime()
    {
        // Arrays are mutable objects: two empty arrays on the wire must not come back as one shared instance.
        foreach (Type type in StreamerFormat.Default.NativeTypes.Where(t => t.IsArray))
        {
            StreamerFormat.Default.TryGetCodec(type, out NativeTypeCodec? codec);
            var read = (Func<SlimReader, object?>)Delegate.CreateDelegate(typeof(Func<SlimReader, object?>), codec!.ReadMethod);
            using var reader = new SlimReader([1, 1]);
            object? first = read(reader), second = read(reader);
            Assert.That(first, Is.Not.Null.And.Empty, type.Name);
            Assert.That(second, Is.Not.SameAs(first), type.Name);
        }
    }
}
