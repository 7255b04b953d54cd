using System.Numerics;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>Every native type as a root (boxed), at its extremes: the ancestor's "roots of every primitive".</summary>
public sealed class PrimitiveRootTests
{
    public static IEnumerable<object> Roots()
    {
        yield return true;
        yield return (byte)255;
        yield return (sbyte)-128;
        yield return 'λ';
        yield return short.MinValue;
        yield return ushort.MaxValue;
        yield return int.MinValue;
        yield return uint.MaxValue;
        yield return long.MinValue;
        yield return ulong.MaxValue;
        yield return Int128.MinValue;
        yield return UInt128.MaxValue;
        yield return Half.NegativeInfinity;
        yield return float.NaN;
        yield return -0.0d;
        yield return double.Epsilon;
        yield return decimal.MaxValue;
        yield return -7.9228162514264337593543950335m;
        yield return BigInteger.Parse("-123456789012345678901234567890123456789");
        yield return new DateTime(2024, 2, 29, 23, 59, 59, DateTimeKind.Local).AddTicks(1234567);
        yield return DateTime.MaxValue;
        yield return new DateTimeOffset(2000, 1, 1, 0, 0, 0, TimeSpan.FromHours(-14));
        yield return TimeSpan.MinValue;
        yield return DateOnly.MaxValue;
        yield return new TimeOnly(23, 59, 59, 999);
        yield return Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e");
        yield return "";
        yield return "héllo wörld 🌍";
        yield return new byte[] { 1, 2, 3 };
        yield return new[] { int.MinValue, 0, int.MaxValue };
        yield return new[] { double.NaN, double.NegativeInfinity };
        yield return ByteEnum.B;
        yield return LongEnum.Min;
        yield return ULongEnum.Big;
        yield return (int?)5;
        yield return new Uri("https://example.com/a?b=c#d");
        yield return new Uri("relative/path", UriKind.Relative);
        yield return new Version(1, 2, 3);
        yield return new Version(1, 2);
    }

    [TestCaseSource(nameof(Roots))]
    public void Serialize_PrimitiveRoot_RoundTripsBitExact(object value) => RoundTrip.Check(value);

    [Test]
    public void Serialize_DBNull_StaysTheSingleton()
    {
        var slim = RoundTrip.NewSerializer();
        Assert.That(slim.Deserialize(slim.Serialize(new object[] { DBNull.Value }))! is object[] { Length: 1 } a && a[0] == DBNull.Value, Is.True);
        Assert.That(slim.DeepClone(DBNull.Value), Is.SameAs(DBNull.Value));
    }

    [Test]
    public void Serialize_NullRoot_RoundTripsAsNull()
    {
        var slim = RoundTrip.NewSerializer();
        byte[] bytes = slim.Serialize(null);
        Assert.That(slim.Deserialize(bytes), Is.Null);
        Assert.That(slim.Deserialize<string?>(bytes), Is.Null);
    }

    [Test]
    public void Serialize_Int32Root_NeverWritesTheTypeName()
    {
        byte[] bytes = RoundTrip.NewSerializer().Serialize(42);
        Assert.That(System.Text.Encoding.UTF8.GetString(bytes), Does.Not.Contain("Int32"));
        Assert.That(bytes.Length, Is.LessThan(16));
    }

    [Test]
    public void Serialize_LongEnumExtremes_KeepAll64Bits()
    {
        var slim = RoundTrip.NewSerializer();
        Assert.That(slim.Deserialize<LongEnum>(slim.Serialize(LongEnum.Max)), Is.EqualTo(LongEnum.Max));
        Assert.That(slim.Deserialize<ULongEnum>(slim.Serialize(ULongEnum.Big)), Is.EqualTo(ULongEnum.Big));
        Assert.That(slim.Deserialize<ByteEnum>(slim.Serialize((ByteEnum)77)), Is.EqualTo((ByteEnum)77));
    }
}
