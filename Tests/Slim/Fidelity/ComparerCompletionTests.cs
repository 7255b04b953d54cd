using System.Collections.Immutable;
using System.Globalization;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Fidelity;

/// <summary>A dictionary keyed under the current culture, ignoring case (a CultureAwareComparer that travels as an object).</summary>
public sealed class CurrentCultureIgnoreCaseDictionaryTests : CodecTester<Dictionary<string, int>>
{
    protected override Dictionary<string, int> CreateValue() => new(StringComparer.CurrentCultureIgnoreCase) { ["alpha"] = 1, ["Beta"] = 2 };

    // The default policy: CultureAwareComparer and what it holds are safe BCL types.
    protected override SlimSerializer CreateSerializer() => new();

    protected override void CheckCopy(Dictionary<string, int> original, Dictionary<string, int> copy)
    {
        Assert.That(copy.ContainsKey("ALPHA"), Is.True);
        Assert.That(copy["beta"], Is.EqualTo(2));
        Assert.That(copy.Comparer, Is.EqualTo(original.Comparer));
    }
}

/// <summary>A comparer made for a named culture, wrapped by a user comparer reached first through an earlier field.</summary>
public sealed class WrappedCultureComparerTests : CodecTester<ComparerHolder>
{
    protected override ComparerHolder CreateValue()
    {
        var comparer = new WrappingComparer(StringComparer.Create(CultureInfo.GetCultureInfo("en-US"), ignoreCase: true));
        return new ComparerHolder
        {
            A_Comparer = comparer,
            B_Dictionary = new Dictionary<string, int>(comparer) { ["alpha"] = 1, ["beta"] = 2 },
            C_Set = new HashSet<string>(comparer) { "gamma", "delta" },
            D_Sorted = new SortedDictionary<string, int>(comparer) { ["b"] = 2, ["A"] = 1, ["c"] = 3 },
        };
    }

    protected override void CheckCopy(ComparerHolder original, ComparerHolder copy)
    {
        Assert.That(copy.B_Dictionary!.ContainsKey("Alpha"), Is.True, "a key stored as 'alpha' is found as 'Alpha'");
        Assert.That(copy.C_Set!.Contains("GAMMA"), Is.True);
        Assert.That(copy.D_Sorted!.Keys, Is.EqualTo(new[] { "A", "b", "c" }));
        Assert.That(copy.B_Dictionary.Comparer, Is.SameAs(copy.A_Comparer));
    }
}

/// <summary>An ImmutableHashSet whose stateful comparer is complete only once its body is read.</summary>
public sealed class StatefulImmutableSetComparerTests : CodecTester<ImmutableHashSet<int>>
{
    protected override ImmutableHashSet<int> CreateValue() => ImmutableHashSet.Create(new ModuloComparer(10), 1, 2, 3);

    protected override void CheckCopy(ImmutableHashSet<int> original, ImmutableHashSet<int> copy)
    {
        Assert.That(copy.Contains(12), Is.True, "12 equals 2 modulo 10");
        Assert.That(((ModuloComparer)copy.KeyComparer).Modulus, Is.EqualTo(10));
    }
}

/// <summary>An ImmutableSortedSet with a descending comparer (ascending until the comparer's body is read).</summary>
public sealed class DescendingImmutableSortedSetTests : CodecTester<ImmutableSortedSet<int>>
{
    protected override ImmutableSortedSet<int> CreateValue() => ImmutableSortedSet.Create(new DirectionComparer(descending: true), 1, 3, 2);

    protected override void CheckCopy(ImmutableSortedSet<int> original, ImmutableSortedSet<int> copy) =>
        Assert.That(copy, Is.EqualTo(new[] { 3, 2, 1 }));
}

/// <summary>A SortedSet with the same descending comparer (a mutable sorted collection filled late).</summary>
public sealed class DescendingSortedSetTests : CodecTester<SortedSet<int>>
{
    protected override SortedSet<int> CreateValue() => new(new DirectionComparer(descending: true)) { 1, 3, 2 };

    protected override void CheckCopy(SortedSet<int> original, SortedSet<int> copy)
    {
        Assert.That(copy, Is.EqualTo(new[] { 3, 2, 1 }));
        copy.Add(0);
        Assert.That(copy.Max, Is.EqualTo(0), "new elements sort with the copied comparer");
    }
}

public sealed class CultureComparerPolicyTests
{
    [Test]
    public void Deserialize_DefaultPolicyAndCultureAwareComparer_IsAllowed()
    {
        var slim = new SlimSerializer();
        var value = new Dictionary<string, int>(StringComparer.Create(CultureInfo.InvariantCulture, ignoreCase: true)) { ["x"] = 1 };
        object? copy = slim.Deserialize(slim.Serialize(value));
        Assert.That(((Dictionary<string, int>)copy!).ContainsKey("X"), Is.True);
    }

    [Test]
    public void Deserialize_OrdinalComparerInsideAUserComparer_ComesBackAsTheSingleton()
    {
        var slim = RoundTrip.NewSerializer();
        var wrapper = new WrappingComparer(StringComparer.OrdinalIgnoreCase);
        var copy = slim.Deserialize<HashSet<string>>(slim.Serialize(new HashSet<string>(wrapper) { "a" }));
        Assert.That(copy.Contains("A"), Is.True);
        Assert.That(slim.DeepClone(new HashSet<string>(wrapper) { "a" }).Contains("A"), Is.True);
    }
}
