using System.Collections.Immutable;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Fidelity;

/// <summary>An ImmutableDictionary keeps its value comparer: the copy accepts an Add the original accepts.</summary>
public sealed class ImmutableDictionaryValueComparerTests : CodecTester<ImmutableDictionary<string, string>>
{
    protected override ImmutableDictionary<string, string> CreateValue() =>
        ImmutableDictionary.Create<string, string>(StringComparer.Ordinal, StringComparer.OrdinalIgnoreCase).Add("k", "Value");

    // Root: handle 02, type handle 35 = a new generic entry (01) over ImmutableDictionary`2 (33) with 2 arguments, string
    // and string (01 01); header: key comparer 01 (Ordinal), value comparer 02 (OrdinalIgnoreCase), count 01, then the
    // key and the value as new strings (01, length + 1, UTF-8): "k", "Value".
    protected override string? GoldenHex => "534C0200193577241829023501330201010102010102 6B010656616C7565".Replace(" ", "");

    protected override void CheckCopy(ImmutableDictionary<string, string> original, ImmutableDictionary<string, string> copy)
    {
        Assert.That(copy.ValueComparer, Is.SameAs(StringComparer.OrdinalIgnoreCase));
        Assert.That(copy.KeyComparer, Is.SameAs(StringComparer.Ordinal));
        Assert.That(() => original.Add("k", "VALUE"), Throws.Nothing, "the original accepts it");
        Assert.That(() => copy.Add("k", "VALUE"), Throws.Nothing);
    }
}

/// <summary>An ImmutableSortedDictionary with a custom value comparer object.</summary>
public sealed class ImmutableSortedDictionaryValueComparerTests : CodecTester<ImmutableSortedDictionary<int, int>>
{
    protected override ImmutableSortedDictionary<int, int> CreateValue() =>
        ImmutableSortedDictionary.Create(new DirectionComparer(descending: true), new ModuloComparer(10)).Add(1, 5).Add(2, 6);

    protected override void CheckCopy(ImmutableSortedDictionary<int, int> original, ImmutableSortedDictionary<int, int> copy)
    {
        Assert.That(copy.Keys, Is.EqualTo(new[] { 2, 1 }));
        Assert.That(() => copy.Add(1, 15), Throws.Nothing, "15 equals 5 modulo 10");
        Assert.That(((ModuloComparer)copy.ValueComparer).Modulus, Is.EqualTo(10));
    }
}
