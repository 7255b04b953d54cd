using System.Collections.Concurrent;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Fidelity;

/// <summary>A key hashed by reference (no GetHashCode override): found in a copy only if the copy was rebuilt.</summary>
public sealed class IdentityKey
{
    public int Id;
}

public sealed class TaggedDictionary : Dictionary<IdentityKey, string>
{
    public string? Tag;
    public int Revision;
}

public sealed class TaggedStringDictionary : Dictionary<string, int>
{
    public string? Tag;
}

public class TaggedSet : HashSet<IdentityKey>
{
    public string? Tag;
}

public sealed class LabelledTaggedSet : TaggedSet
{
    public string? Label;
}

public sealed class TaggedSortedDictionary : SortedDictionary<int, string>
{
    public TaggedSortedDictionary() : base(new DirectionComparer(descending: true)) { }

    public string? Tag;
}

public sealed class TaggedSortedSet : SortedSet<string>
{
    public TaggedSortedSet() : base(StringComparer.OrdinalIgnoreCase) { }

    public string? Tag;
}

public sealed class TaggedConcurrentDictionary : ConcurrentDictionary<string, int>
{
    public string? Tag;
}

public sealed class CollectionSubclassHolder
{
    public IdentityKey[] Keys = [];
    public TaggedDictionary Dictionary = [];
    public TaggedStringDictionary Strings = [];
    public LabelledTaggedSet Set = [];
    public TaggedSortedDictionary Sorted = [];
    public TaggedSortedSet SortedSet = [];
    public TaggedConcurrentDictionary Concurrent = [];
}

/// <summary>
/// Classes deriving from hashed and sorted collections are rebuilt through the collections' own path (comparer, then
/// entries), keeping their own fields: keys hashed by reference are found in the copy, string-keyed ones need no
/// internal comparer in the policy.
/// </summary>
public sealed class CollectionSubclassTests : CodecTester<CollectionSubclassHolder>
{
    public static IEnumerable<TestCaseData> Serializers()
    {
        foreach (TypeRegistryMode mode in new[] { TypeRegistryMode.PerCall, TypeRegistryMode.Batch })
        {
            yield return new TestCaseData(mode, false).SetArgDisplayNames(mode.ToString(), "default policy");
            yield return new TestCaseData(mode, true).SetArgDisplayNames(mode.ToString(), "allow-all");
        }
    }

    protected override CollectionSubclassHolder CreateValue()
    {
        IdentityKey[] keys = [.. Enumerable.Range(0, 5).Select(i => new IdentityKey { Id = i })];
        var holder = new CollectionSubclassHolder
        {
            Keys = keys,
            Dictionary = new TaggedDictionary { Tag = "dictionary", Revision = 7 },
            Strings = new TaggedStringDictionary { Tag = "strings", ["a"] = 1, ["b"] = 2 },
            Set = new LabelledTaggedSet { Tag = "set", Label = "label" },
            Sorted = new TaggedSortedDictionary { Tag = "sorted", [1] = "one", [3] = "three", [2] = "two" },
            SortedSet = new TaggedSortedSet { Tag = "sorted set" },
            Concurrent = new TaggedConcurrentDictionary { Tag = "concurrent" },
        };
        foreach (IdentityKey key in keys)
        {
            holder.Dictionary.Add(key, "v" + key.Id);
            holder.Set.Add(key);
            holder.Concurrent["k" + key.Id] = key.Id;
        }
        holder.SortedSet.Add("b");
        holder.SortedSet.Add("A");
        return holder;
    }

    protected override void CheckCopy(CollectionSubclassHolder original, CollectionSubclassHolder copy) => CheckRebuilt(copy);

    [TestCaseSource(nameof(Serializers))]
    public void DeepClone_CollectionSubclasses_AreRebuiltWithTheirOwnFields(TypeRegistryMode mode, bool allowAll)
    {
        SlimSerializer slim = Create(mode, allowAll);
        for (int message = 0; message < 2; message++)
        {
            CollectionSubclassHolder original = CreateValue();
            CollectionSubclassHolder copy = slim.DeepClone(original)!;
            GraphAssert.AreEquivalent(original, copy);
            CheckRebuilt(copy);
        }
    }

    [TestCaseSource(nameof(Serializers))]
    public void RoundTrip_CollectionSubclasses_AreRebuiltWithTheirOwnFields(TypeRegistryMode mode, bool allowAll)
    {
        SlimSerializer slim = Create(mode, allowAll);
        for (int message = 0; message < 2; message++)
        {
            CollectionSubclassHolder original = CreateValue();
            CollectionSubclassHolder copy = slim.Deserialize<CollectionSubclassHolder>(slim.Serialize(original))!;
            GraphAssert.AreEquivalent(original, copy);
            CheckRebuilt(copy);
        }
    }

    [Test]
    public void RoundTrip_StringKeyedSubclassAsRoot_NeedsNoInternalComparerInThePolicy()
    {
        var original = new TaggedStringDictionary { Tag = "root", ["x"] = 1 };
        TaggedStringDictionary copy = RoundTrip.Check(original);
        Assert.That(copy.Tag, Is.EqualTo("root"));
        Assert.That(copy["x"], Is.EqualTo(1));
        copy.Add("y", 2);
        Assert.That(copy, Has.Count.EqualTo(2));
    }

    private static SlimSerializer Create(TypeRegistryMode mode, bool allowAll) =>
        allowAll
            ? new SlimSerializer(new SlimOptions { RegistryMode = mode, TypePolicy = SlimTypePolicy.AllowAll })
            : RoundTrip.NewSerializer(SlimOptions.Default with { RegistryMode = mode });

    private static void CheckRebuilt(CollectionSubclassHolder copy)
    {
        Assert.That(copy.Keys.Count(copy.Dictionary.ContainsKey), Is.EqualTo(5), "keys of the copied dictionary not found");
        Assert.That(copy.Keys.Count(copy.Set.Contains), Is.EqualTo(5), "keys of the copied set not found");
        Assert.That(copy.Keys.Count(key => copy.Concurrent.TryGetValue("k" + key.Id, out int id) && id == key.Id), Is.EqualTo(5), "entries of the copied concurrent dictionary not found");
        Assert.That((copy.Dictionary.Tag, copy.Dictionary.Revision), Is.EqualTo(("dictionary", 7)));
        Assert.That((copy.Set.Tag, copy.Set.Label), Is.EqualTo(("set", "label")));
        Assert.That(copy.Strings.Tag, Is.EqualTo("strings"));
        Assert.That(copy.Strings["b"], Is.EqualTo(2));
        Assert.That(copy.Concurrent.Tag, Is.EqualTo("concurrent"));
        Assert.That(copy.Sorted.Keys, Is.EqualTo(new[] { 3, 2, 1 }), "the sorted dictionary lost its comparer");
        Assert.That(copy.Sorted.Tag, Is.EqualTo("sorted"));
        Assert.That(copy.SortedSet.Contains("a") && copy.SortedSet.Contains("B"), "the sorted set lost its comparer");
        Assert.That(copy.SortedSet.Tag, Is.EqualTo("sorted set"));
        var added = new IdentityKey { Id = 9 };
        copy.Dictionary.Add(added, "new");
        Assert.That(copy.Dictionary[added], Is.EqualTo("new"));
    }
}
