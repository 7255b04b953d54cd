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

/// <summary>A dictionary subclass whose [OnDeserialized] derives a field from the entries (so it must run after the fill).</summary>
public sealed class TotallingDictionary : Dictionary<string, int>
{
    [NonSerialized] public int Total;
    public int Serializing;

    [System.Runtime.Serialization.OnSerializing]
    private void OnSerializing(System.Runtime.Serialization.StreamingContext context) => Serializing++;

    [System.Runtime.Serialization.OnDeserialized]
    private void OnDeserialized(System.Runtime.Serialization.StreamingContext context) => Total = Values.Sum() + Count;
}

/// <summary>A sorted-set subclass with a callback, filled after its comparer (a custom one) is complete.</summary>
public sealed class CountingSortedSet : SortedSet<int>
{
    public CountingSortedSet() : base(new DirectionComparer(descending: true)) { }

    [NonSerialized] public int[] FirstTwo = [];

    [System.Runtime.Serialization.OnDeserialized]
    private void OnDeserialized(System.Runtime.Serialization.StreamingContext context) => FirstTwo = [.. this.Take(2)];
}

/// <summary>The serialization callbacks of a collection subclass run as for any class, after the collection is filled.</summary>
public sealed class CollectionSubclassCallbackTests
{
    [TestCaseSource(typeof(CollectionSubclassTests), nameof(CollectionSubclassTests.Serializers))]
    public void RoundTripAndDeepClone_SubclassCallbacks_RunAfterTheFill(TypeRegistryMode mode, bool allowAll)
    {
        SlimSerializer slim = allowAll
            ? new SlimSerializer(new SlimOptions { RegistryMode = mode, TypePolicy = SlimTypePolicy.AllowAll })
            : RoundTrip.NewSerializer(SlimOptions.Default with { RegistryMode = mode });
        var dictionary = new TotallingDictionary { ["a"] = 10, ["b"] = 20 };
        var set = new CountingSortedSet { 1, 5, 3 };
        var original = new object[] { dictionary, set, dictionary };
        byte[] bytes = slim.Serialize(original);
        Assert.That(dictionary.Serializing, Is.EqualTo(1), "[OnSerializing] ran once on the written subclass");
        foreach (object[] copy in new[] { slim.Deserialize<object[]>(bytes)!, slim.DeepClone(original)! })
        {
            var copiedDictionary = (TotallingDictionary)copy[0];
            Assert.That(copy[2], Is.SameAs(copiedDictionary));
            Assert.That(copiedDictionary.Total, Is.EqualTo(32), "[OnDeserialized] ran before the entries were in, or not at all");
            Assert.That(((CountingSortedSet)copy[1]).FirstTwo, Is.EqualTo(new[] { 5, 3 }), "[OnDeserialized] of the sorted set saw it unfilled");
        }
    }
}
