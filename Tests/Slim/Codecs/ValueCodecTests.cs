using System.Globalization;
using System.Numerics;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Codecs;

[Flags]
public enum Access : short
{
    None = 0,
    Read = 1,
    Write = 2,
}

public struct Point
{
    public int X;
    public int Y;
    public object? Tag;
}

/// <summary>Boxed natives in object slots come back as the same values of the same types, bit for bit.</summary>
public sealed class NativeCodecTests : CodecTester<object[]>
{
    protected override object[] CreateValue() =>
    [
        new DateTime(2026, 11, 23, 22, 0, 0, DateTimeKind.Utc),
        new DateTimeOffset(2026, 11, 23, 22, 0, 0, TimeSpan.FromHours(2)),
        new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
        1.50m,
        TimeSpan.FromTicks(-12345),
        new DateOnly(2026, 11, 23),
        new TimeOnly(22, 1),
        (Half)1.5,
        Int128.MaxValue,
        BigInteger.Parse("-123456789012345678901234567890", CultureInfo.InvariantCulture),
        double.NaN,
        -0.0f,
        'ß',
    ];

    protected override void CheckCopy(object[] original, object[] copy)
    {
        Assert.That(((DateTime)copy[0]).Kind, Is.EqualTo(DateTimeKind.Utc));
        Assert.That(decimal.GetBits((decimal)copy[3]), Is.EqualTo(decimal.GetBits(1.50m)), "the scale is data");
        Assert.That(float.IsNegative((float)copy[11]), Is.True);
    }
}

/// <summary>Enums in object slots keep their type, including flag combinations and values no member names.</summary>
public sealed class EnumCodecTests : CodecTester<object[]>
{
    protected override object[] CreateValue() => [Access.Read | Access.Write, (Access)64, DayOfWeek.Friday];

    protected override void CheckCopy(object[] original, object[] copy)
    {
        Assert.That(copy[0], Is.TypeOf<Access>().And.EqualTo(Access.Read | Access.Write));
        Assert.That(copy[1], Is.EqualTo((Access)64));
    }
}

/// <summary>A boxed user struct held twice by reference stays one box; its own reference field travels too.</summary>
public sealed class BoxedStructCodecTests : CodecTester<object[]>
{
    protected override object[] CreateValue()
    {
        object box = new Point { X = 1, Y = 2, Tag = new Node { Name = "tag" } };
        return [box, box, new KeyValuePair<string, int>("k", 3), (1, "two")];
    }

    protected override void CheckCopy(object[] original, object[] copy)
    {
        Assert.That(copy[1], Is.SameAs(copy[0]));
        Assert.That(((Point)copy[0]).Y, Is.EqualTo(2));
    }
}

/// <summary>Absolute and relative URIs and versions of two and four parts come back equal.</summary>
public sealed class UriAndVersionCodecTests : CodecTester<object[]>
{
    protected override object[] CreateValue() =>
    [
        new Uri("https://example.com:8443/a/b?c=d#e"),
        new Uri("../relative/path", UriKind.Relative),
        new Version(1, 2),
        new Version(1, 2, 3, 4),
    ];

    protected override void CheckCopy(object[] original, object[] copy)
    {
        Assert.That(((Uri)copy[0]).Port, Is.EqualTo(8443));
        Assert.That(((Uri)copy[1]).IsAbsoluteUri, Is.False);
        Assert.That(((Version)copy[2]).Build, Is.EqualTo(-1), "two parts stay two parts");
    }
}

/// <summary>Type values, when the policy admits them, come back as the same runtime types.</summary>
public sealed class TypeValueCodecTests : CodecTester<Type[]>
{
    protected override SlimSerializer CreateSerializer() =>
        RoundTrip.NewSerializer(new SlimOptions { TypePolicy = SlimTypePolicy.Default.AllowReflectionTypeValues() });

    protected override Type[] CreateValue() => [typeof(int), typeof(List<string>), typeof(Node), typeof(int[])];

    protected override void CheckCopy(Type[] original, Type[] copy) => Assert.That(copy, Is.EqualTo(original));
}

/// <summary>Singletons (DBNull, the ordinal comparers) come back as the singletons themselves.</summary>
public sealed class SingletonCodecTests : CodecTester<object[]>
{
    protected override object[] CreateValue() => [DBNull.Value, StringComparer.Ordinal, StringComparer.OrdinalIgnoreCase];

    protected override void CheckCopy(object[] original, object[] copy)
    {
        Assert.That(copy[0], Is.SameAs(DBNull.Value));
        Assert.That(copy[1], Is.SameAs(StringComparer.Ordinal));
        Assert.That(copy[2], Is.SameAs(StringComparer.OrdinalIgnoreCase));
    }
}

/// <summary>A CompareInfo travels as its culture's name and comes back as that culture's CompareInfo.</summary>
public sealed class CompareInfoCodecTests : CodecTester<object[]>
{
    protected override object[] CreateValue() => [CompareInfo.GetCompareInfo("de-DE"), CultureInfo.InvariantCulture.CompareInfo];

    protected override void CheckCopy(object[] original, object[] copy)
    {
        Assert.That(((CompareInfo)copy[0]).Name, Is.EqualTo("de-DE"));
        Assert.That(((CompareInfo)copy[1]).Name, Is.Empty, "the invariant culture");
    }
}
