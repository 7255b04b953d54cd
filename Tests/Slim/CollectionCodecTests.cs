using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

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
