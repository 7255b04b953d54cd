using System.Numerics;
using NFX.IO;
using NFX.Slim;

namespace NFX.Tests.StreamerFormats.Formats;

/// <summary>A user's money amount: minor units and an ISO currency code.</summary>
public readonly record struct Money(long MinorUnits, string Currency);

/// <summary>A user's strongly typed id.</summary>
public readonly record struct OrderId(Guid Value);

/// <summary>Money: minor units (ZigZag varint) then the currency string (the README's example).</summary>
public readonly struct MoneyCodec : IWireCodec<Money>
{
    public static void Write(SlimWriter writer, Money value)
    {
        writer.WriteInt64(value.MinorUnits);
        writer.WriteString(value.Currency);
    }

    public static Money Read(SlimReader reader) => new(reader.ReadInt64(), reader.ReadString()!);
}

/// <summary>OrderId: the 16 Guid bytes.</summary>
public readonly struct OrderIdCodec : IWireCodec<OrderId>
{
    public static void Write(SlimWriter writer, OrderId value) => writer.WriteGuid(value.Value);

    public static OrderId Read(SlimReader reader) => new(reader.ReadGuid());
}

/// <summary>Money as minor units only, currency assumed: replaces <see cref="MoneyCodec"/>.</summary>
public readonly struct CompactMoneyCodec : IWireCodec<Money>
{
    public static void Write(SlimWriter writer, Money value) => writer.WriteInt64(value.MinorUnits);

    public static Money Read(SlimReader reader) => new(reader.ReadInt64(), "EUR");
}

/// <summary>int as 4 fixed bytes instead of a varint: replaces a built-in encoding. A class, with explicit implementations.</summary>
public sealed class FixedInt32Codec : IWireCodec<int>
{
    static void IWireCodec<int>.Write(SlimWriter writer, int value) => writer.WriteFixed32((uint)value);

    static int IWireCodec<int>.Read(SlimReader reader) => (int)reader.ReadFixed32();
}

/// <summary>A holder of user native types, serialized by Slim.</summary>
public sealed class Invoice
{
    public OrderId Id;
    public Money Total;
    public Money? Discount;
    public List<Money> Lines = [];
}

/// <summary>The native-type table of a format, user codecs and their compiled delegates.</summary>
public sealed class StreamerFormatTests
{
    private static readonly StreamerFormat s_shop = StreamerFormat.Default.With<Money, MoneyCodec>().With<OrderId, OrderIdCodec>();

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
        Assert.That(codec!.WriteMethod.Name, Is.EqualTo(nameof(SlimWriter.WriteUInt32)), "not WriteVarUInt32 or WriteFixed32");
        Assert.That(StreamerFormat.Default.TryGetCodec(typeof(int?), out codec), Is.True);
        Assert.That(codec!.WriteMethod.Name, Is.EqualTo(nameof(SlimWriter.WriteNullableInt32)), "not WriteLengthPrefix(int?)");
    }

    [Test]
    public void With_UserCodecs_AddTypesAfterTheBuiltInsAndLeaveTheOriginalFormatAlone()
    {
        Assert.That(s_shop.IsNative(typeof(Money)), Is.True);
        Assert.That(s_shop.IsNative(typeof(OrderId)), Is.True);
        Assert.That(s_shop.IsNative(typeof(decimal)), Is.True);
        Assert.That(s_shop.NativeTypes.TakeLast(2), Is.EqualTo(new[] { typeof(Money), typeof(OrderId) }));
        Assert.That(s_shop.NativeTypes.SkipLast(2), Is.EqualTo(StreamerFormat.Default.NativeTypes));
        Assert.That(StreamerFormat.Default.IsNative(typeof(Money)), Is.False);
    }

    [Test]
    public void With_UserCodec_CompiledDelegatesRoundTripAndMatchDirectCalls()
    {
        s_shop.TryGetCodec(typeof(Money), out NativeTypeCodec? money);
        s_shop.TryGetCodec(typeof(OrderId), out NativeTypeCodec? id);
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
            MoneyCodec.Write(direct, value);
        }
        OrderIdCodec.Write(direct, orderId);
        Assert.That(Convert.ToHexString(writer.WrittenSpan), Is.EqualTo(Convert.ToHexString(direct.WrittenSpan)));

        using var reader = new SlimReader(writer.ToArray());
        Assert.That(values.Select(_ => readMoney(reader)), Is.EqualTo(values));
        Assert.That(readId(reader), Is.EqualTo(orderId));
        Assert.That(reader.IsAtEnd, Is.True);
        Assert.That(money.WriteMethod, Is.EqualTo(typeof(MoneyCodec).GetMethod(nameof(MoneyCodec.Write))), "generated code calls the codec itself");
    }

    [Test]
    public void With_SecondCodecForAType_ReplacesItInPlace_BuiltInsIncluded()
    {
        StreamerFormat format = s_shop.With<Money, CompactMoneyCodec>().With<int, FixedInt32Codec>();
        format.TryGetCodec(typeof(Money), out NativeTypeCodec? money);
        format.TryGetCodec(typeof(int), out NativeTypeCodec? int32);
        Assert.That(format.NativeTypes, Is.EqualTo(s_shop.NativeTypes), "the replaced rows keep their places");

        using var writer = new SlimWriter();
        money!.GetWriter<Money>()(writer, new Money(5, "USD"));
        int32!.GetWriter<int>()(writer, 1);
        Assert.That(Convert.ToHexString(writer.WrittenSpan), Is.EqualTo("0A01000000"));
        using var reader = new SlimReader(writer.ToArray());
        Assert.That(money.GetReader<Money>()(reader), Is.EqualTo(new Money(5, "EUR")));
        Assert.That(int32.GetReader<int>()(reader), Is.EqualTo(1));
        Assert.That(int32.RunWriteMethod, Is.Null, "a user's encoding never joins a field run");
    }

    [Test]
    public void Serialize_UserNativeTypes_WrittenByTheirCodecsInPlaceAndRoundTrip()
    {
        var slim = new SlimSerializer(SlimOptions.Default with
        {
            Format = s_shop,
            TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(Invoice)),
        });
        var invoice = new Invoice
        {
            Id = new OrderId(Guid.Parse("00112233-4455-6677-8899-aabbccddeeff")),
            Total = new Money(1999, "EUR"),
            Discount = new Money(-100, "EUR"),
            Lines = [new Money(999, "EUR"), new Money(1000, "EUR")],
        };

        byte[] bytes = slim.Serialize(invoice);
        Invoice copy = slim.Deserialize<Invoice>(bytes)!;

        Assert.That((copy.Id, copy.Total, copy.Discount), Is.EqualTo((invoice.Id, invoice.Total, invoice.Discount)));
        Assert.That(copy.Lines, Is.EqualTo(invoice.Lines));
        using var money = new SlimWriter();
        MoneyCodec.Write(money, invoice.Total);
        Assert.That(Convert.ToHexString(bytes), Does.Contain(Convert.ToHexString(money.WrittenSpan)), "Money is the codec's bytes, no type handle");
    }

    [Test]
    public void Codec_GetWriterWithWrongType_ThrowsInvalidOperation()
    {
        StreamerFormat.Default.TryGetCodec(typeof(int), out NativeTypeCodec? codec);
        var error = Assert.Throws<InvalidOperationException>(() => codec!.GetWriter<long>())!;
        Assert.That(error.Message, Does.Contain("System.Int32").And.Contain("System.Int64"));
        Assert.Throws<InvalidOperationException>(() => codec!.GetReader<uint>());
    }

    [Test]
    public void Codec_Delegates_AreBuiltOncePerCodec()
    {
        StreamerFormat.Default.TryGetCodec(typeof(BigInteger), out NativeTypeCodec? codec);
        Assert.That(codec!.GetWriter<BigInteger>(), Is.SameAs(codec.GetWriter<BigInteger>()));
        Assert.That(codec.GetReader<BigInteger>(), Is.SameAs(codec.GetReader<BigInteger>()));
        Assert.That(s_shop.TryGetCodec(typeof(BigInteger), out NativeTypeCodec? shared), Is.True);
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
