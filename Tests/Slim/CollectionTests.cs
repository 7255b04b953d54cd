using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>BCL collections, written by their contents, with comparers, order and identity kept.</summary>
public sealed class CollectionTests
{
    [Test]
    public void Serialize_SetsAndSortedCollections_RoundTrip()
    {
        RoundTrip.Check(new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "a", "B" });
        RoundTrip.Check(new HashSet<KeyObject> { new(1), new(2) });
        RoundTrip.Check(new SortedSet<int> { 5, 1, 3 });
        RoundTrip.Check(new SortedDictionary<string, int> { ["b"] = 2, ["a"] = 1 });
        RoundTrip.Check(new SortedList<int, string> { [2] = "b", [1] = "a" });
        var descending = new SortedSet<int>(Comparer<int>.Create((x, y) => y.CompareTo(x)));
        Assert.Throws<NFX.Slim.SlimSerializationException>(() => RoundTrip.NewSerializer().Serialize(descending),
            "a comparer built from a delegate cannot be serialized");
    }

    [Test]
    public void Serialize_OrderedCollections_KeepOrder()
    {
        var queue = new Queue<int>([1, 2, 3]);
        var stack = new Stack<string>(["a", "b", "c"]);
        Assert.That(RoundTrip.Check(queue), Is.EqualTo(new[] { 1, 2, 3 }));
        Assert.That(RoundTrip.Check(stack), Is.EqualTo(new[] { "c", "b", "a" }));
        Assert.That(RoundTrip.Check(new ObservableCollection<string>(["x", "y"])), Is.EqualTo(new[] { "x", "y" }));
        Assert.That(RoundTrip.Check(new ReadOnlyCollection<int>([7, 8])), Is.EqualTo(new[] { 7, 8 }));
    }

    [Test]
    public void Serialize_ConcurrentCollections_RoundTrip()
    {
        var dictionary = new ConcurrentDictionary<int, string>();
        dictionary[1] = "a";
        dictionary[2] = "b";
        Assert.That(RoundTrip.Check(dictionary).OrderBy(p => p.Key), Is.EqualTo(dictionary.OrderBy(p => p.Key)));
        Assert.That(RoundTrip.Check(new ConcurrentQueue<int>([1, 2, 3])), Is.EqualTo(new[] { 1, 2, 3 }));
        Assert.That(RoundTrip.Check(new ConcurrentStack<int>([1, 2, 3])), Is.EqualTo(new[] { 3, 2, 1 }));
        var bag = new ConcurrentBag<int>([1, 2, 3]);
        Assert.That(RoundTrip.Check(bag), Is.EqualTo(bag.ToArray()));
    }

    [Test]
    public void Serialize_ImmutableCollections_RoundTrip()
    {
        var shared = new Node { Name = "shared" };
        var list = ImmutableList.Create(shared, shared);
        var copy = RoundTrip.Check(list);
        Assert.That(copy[0], Is.SameAs(copy[1]));
        RoundTrip.Check(ImmutableArray.Create(1, 2, 3));
        RoundTrip.Check(ImmutableHashSet.Create(StringComparer.OrdinalIgnoreCase, "a", "b"));
        RoundTrip.Check(ImmutableDictionary.CreateRange([KeyValuePair.Create("k", 1)]));
        RoundTrip.Check(ImmutableSortedDictionary.CreateRange([KeyValuePair.Create(2, "b"), KeyValuePair.Create(1, "a")]));
        RoundTrip.Check(ImmutableSortedSet.Create(3, 1, 2));
        RoundTrip.Check(ImmutableQueue.Create(1, 2));
        Assert.That(RoundTrip.Check(ImmutableStack.Create(1, 2, 3)), Is.EqualTo(new[] { 3, 2, 1 }));
    }

    [Test]
    public void Serialize_ImmutableHashedCollectionsOfObjects_HashCompleteKeys()
    {
        var set = ImmutableHashSet.Create(new KeyObject(1), new KeyObject(2));
        var copy = RoundTrip.Check(set);
        Assert.That(copy.Contains(new KeyObject(2)), Is.True);
        var dictionary = ImmutableDictionary.CreateRange([KeyValuePair.Create(new KeyObject(7), "seven")]);
        var dictionaryCopy = RoundTrip.Check(dictionary);
        Assert.That(dictionaryCopy[new KeyObject(7)], Is.EqualTo("seven"));
        var holder = new object[] { set, set };
        var holderCopy = RoundTrip.Check(holder);
        Assert.That(holderCopy[0], Is.SameAs(holderCopy[1]));
    }

    [Test]
    public void Serialize_TuplesAndKeyValuePairs_RoundTrip()
    {
        var node = new Node { Name = "n" };
        var tuple = Tuple.Create(1, "two", node, node);
        var copy = RoundTrip.Check(tuple);
        Assert.That(copy.Item3, Is.SameAs(copy.Item4));
        RoundTrip.Check((1, "a", 2.5, node));
        RoundTrip.Check((1, 2, 3, 4, 5, 6, 7, 8, 9, "ten"));
        RoundTrip.Check(Tuple.Create(1, 2, 3, 4, 5, 6, 7, Tuple.Create(8, 9)));
        RoundTrip.Check(KeyValuePair.Create("k", node));
        RoundTrip.Check(new List<KeyValuePair<int, Node>> { new(1, node), new(2, node) });
    }

    [Test]
    public void Serialize_EmptyCollections_StayDistinctObjects()
    {
        var root = new object[] { new List<int>(), new List<int>(), new int[0], new int[0], new string[0], new string[0] };
        object[] copy = RoundTrip.Check(root);
        Assert.That(copy[0], Is.Not.SameAs(copy[1]));
        Assert.That(copy[4], Is.Not.SameAs(copy[5]));
    }
}
