using System.Collections.Immutable;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Codecs;

/// <summary>A dictionary under OrdinalIgnoreCase: the comparer travels as one byte and comes back as the singleton.</summary>
public sealed class IgnoreCaseDictionaryCodecTests : CodecTester<Dictionary<string, int>>
{
    protected override Dictionary<string, int> CreateValue() => new(StringComparer.OrdinalIgnoreCase) { ["One"] = 1, ["two"] = 2 };

    protected override void CheckCopy(Dictionary<string, int> original, Dictionary<string, int> copy)
    {
        Assert.That(copy.Comparer, Is.SameAs(StringComparer.OrdinalIgnoreCase));
        Assert.That(copy["ONE"], Is.EqualTo(1));
    }
}

/// <summary>Keys are objects whose hash depends on fields read after the dictionary's body (bodies are breadth-first).</summary>
public sealed class ObjectKeyDictionaryCodecTests : CodecTester<Dictionary<KeyObject, Node>>
{
    protected override Dictionary<KeyObject, Node> CreateValue() =>
        new() { [new KeyObject(1)] = new Node { Name = "a" }, [new KeyObject(2)] = new Node { Name = "b" } };

    protected override void CheckCopy(Dictionary<KeyObject, Node> original, Dictionary<KeyObject, Node> copy) =>
        Assert.That(copy[new KeyObject(2)].Name, Is.EqualTo("b"));
}

/// <summary>A dictionary whose values refer back to it, directly and through a list.</summary>
public sealed class SelfReferencingDictionaryCodecTests : CodecTester<Dictionary<string, object>>
{
    protected override Dictionary<string, object> CreateValue()
    {
        var dictionary = new Dictionary<string, object>();
        dictionary["self"] = dictionary;
        dictionary["list"] = new List<object> { dictionary };
        return dictionary;
    }

    protected override void CheckCopy(Dictionary<string, object> original, Dictionary<string, object> copy)
    {
        Assert.That(copy["self"], Is.SameAs(copy));
        Assert.That(((List<object>)copy["list"])[0], Is.SameAs(copy));
    }
}

/// <summary>A linked list keeps its order (its nodes' identity is covered by the fidelity tests).</summary>
public sealed class LinkedListOrderCodecTests : CodecTester<LinkedList<int>>
{
    protected override LinkedList<int> CreateValue() => new([3, 1, 2]);

    protected override void CheckCopy(LinkedList<int> original, LinkedList<int> copy) => Assert.That(copy, Is.EqualTo(new[] { 3, 1, 2 }));
}

/// <summary>A list keeps order, nulls and shared elements (one object twice stays one object).</summary>
public sealed class ListCodecTests : CodecTester<List<Node?>>
{
    protected override List<Node?> CreateValue()
    {
        var shared = new Node { Name = "shared" };
        return [shared, null, new Node { Name = "other" }, shared];
    }

    protected override void CheckCopy(List<Node?> original, List<Node?> copy) => Assert.That(copy[3], Is.SameAs(copy[0]));
}

/// <summary>A queue and a stack come back enumerating in the same order (a stack is rebuilt by pushing in reverse).</summary>
public sealed class SequenceCodecTests : CodecTester<object[]>
{
    protected override object[] CreateValue()
    {
        var queue = new Queue<int>([1, 2, 3]);
        queue.Dequeue();
        var stack = new Stack<string>();
        stack.Push("bottom");
        stack.Push("top");
        return [queue, stack];
    }

    protected override void CheckCopy(object[] original, object[] copy)
    {
        Assert.That(((Queue<int>)copy[0]).Dequeue(), Is.EqualTo(2));
        Assert.That(((Stack<string>)copy[1]).Pop(), Is.EqualTo("top"));
    }
}

/// <summary>Hashed and sorted sets keep their comparer, so lookups behave as before.</summary>
public sealed class SetCodecTests : CodecTester<object[]>
{
    protected override object[] CreateValue() =>
    [
        new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "Alpha", "beta" },
        new SortedSet<int> { 5, 1, 3 },
    ];

    protected override void CheckCopy(object[] original, object[] copy)
    {
        var hashed = (HashSet<string>)copy[0];
        Assert.That(hashed.Comparer, Is.SameAs(StringComparer.OrdinalIgnoreCase));
        Assert.That(hashed.Contains("ALPHA"), Is.True);
        Assert.That((SortedSet<int>)copy[1], Is.EqualTo(new[] { 1, 3, 5 }));
    }
}

/// <summary>Immutable collections are rebuilt through their builders, contents, order and comparers kept.</summary>
public sealed class ImmutableCodecTests : CodecTester<object[]>
{
    protected override object[] CreateValue() =>
    [
        ImmutableList.Create(3, 1, 2),
        ImmutableArray.Create("x", "y"),
        ImmutableDictionary.Create<string, int>(StringComparer.OrdinalIgnoreCase).Add("Key", 1),
        ImmutableSortedSet.Create(9, 4, 7),
    ];

    protected override void CheckCopy(object[] original, object[] copy)
    {
        Assert.That((ImmutableList<int>)copy[0], Is.EqualTo(new[] { 3, 1, 2 }));
        Assert.That((ImmutableArray<string>)copy[1], Is.EqualTo(new[] { "x", "y" }));
        Assert.That(((ImmutableDictionary<string, int>)copy[2])["KEY"], Is.EqualTo(1));
        Assert.That((ImmutableSortedSet<int>)copy[3], Is.EqualTo(new[] { 4, 7, 9 }));
    }
}
