using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Fidelity;

/// <summary>An LRU cache: the dictionary's nodes are the list's own nodes in the copy, and moving one keeps the list whole.</summary>
public sealed class LruCacheTests : CodecTester<LruCache>
{
    protected override LruCache CreateValue()
    {
        var cache = new LruCache();
        cache.Add("a");
        cache.Add("b");
        cache.Add("c");
        cache.Detached = new LinkedListNode<string>("loose");
        return cache;
    }

    protected override void CheckCopy(LruCache original, LruCache copy)
    {
        foreach (string key in new[] { "a", "b", "c" })
        {
            Assert.That(copy.Nodes[key], Is.SameAs(copy.List.Find(key)), key);
            Assert.That(copy.Nodes[key].List, Is.SameAs(copy.List), key);
        }
        Assert.That(copy.Detached!.List, Is.Null);
        Assert.That(copy.Detached.Value, Is.EqualTo("loose"));
        LinkedListNode<string> b = copy.Nodes["b"];
        copy.List.Remove(b);
        copy.List.AddFirst(b);
        Assert.That(copy.List, Is.EqualTo(new[] { "b", "a", "c" }));
        Assert.That(copy.List.Count, Is.EqualTo(3));
    }
}

/// <summary>A linked list alone: count, then one reference per node (each node's body: its list, its value).</summary>
public sealed class LinkedListWireTests : CodecTester<LinkedList<int>>
{
    protected override LinkedList<int> CreateValue() => new([3, 1]);

    // Root: handle 02, type handle 35 = a new generic entry (01) over LinkedList`1 (2A) with 1 argument, int (0A); body:
    // count 02, then each node: handle 01 (new, of the declared type) and at once its body: list (back-reference 03),
    // value 06 / 02.
    protected override string? GoldenHex => "534C02001235772418290235012A010A02 010306 010302".Replace(" ", "");

    protected override void CheckCopy(LinkedList<int> original, LinkedList<int> copy)
    {
        Assert.That(copy, Is.EqualTo(new[] { 3, 1 }));
        Assert.That(copy.First!.List, Is.SameAs(copy));
    }
}

/// <summary>A node reached without its list brings the list along, and is its node.</summary>
public sealed class LinkedListNodeRootTests : CodecTester<LinkedListNode<string>>
{
    protected override LinkedListNode<string> CreateValue() => new LinkedList<string>(["x", "y"]).Last!;

    protected override void CheckCopy(LinkedListNode<string> original, LinkedListNode<string> copy)
    {
        Assert.That(copy.List, Is.Not.Null);
        Assert.That(copy.List!.Last, Is.SameAs(copy));
        Assert.That(copy.Previous!.Value, Is.EqualTo("x"));
    }
}
