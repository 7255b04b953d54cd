using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Codecs;

/// <summary>An object array holds natives, strings, nulls, a nested array and one object twice (still one object).</summary>
public sealed class ObjectArrayCodecTests : CodecTester<object?[]>
{
    protected override object?[] CreateValue()
    {
        var shared = new Node { Name = "shared" };
        return [1, "text", shared, null, new[] { 1, 2 }, shared];
    }

    protected override void CheckCopy(object?[] original, object?[] copy) => Assert.That(copy[5], Is.SameAs(copy[2]));
}

/// <summary>A two-dimensional array of references keeps its shape, its nulls and its sharing.</summary>
public sealed class MultiDimArrayCodecTests : CodecTester<Node?[,]>
{
    protected override Node?[,] CreateValue()
    {
        var shared = new Node { Name = "shared" };
        return new[,] { { shared, null, new Node { Name = "a" } }, { new Node { Name = "b" }, shared, null } };
    }

    protected override void CheckCopy(Node?[,] original, Node?[,] copy)
    {
        Assert.That(copy.GetLength(0), Is.EqualTo(2));
        Assert.That(copy.GetLength(1), Is.EqualTo(3));
        Assert.That(copy[1, 1], Is.SameAs(copy[0, 0]));
    }
}

/// <summary>An array whose lower bound is not zero keeps its bounds (an Array-typed root).</summary>
public sealed class NonZeroBasedArrayCodecTests : CodecTester<Array>
{
    protected override Array CreateValue()
    {
        var array = Array.CreateInstance(typeof(int), [3], [5]);
        array.SetValue(50, 5);
        array.SetValue(70, 7);
        return array;
    }

    protected override void CheckCopy(Array original, Array copy)
    {
        Assert.That(copy.GetLowerBound(0), Is.EqualTo(5));
        Assert.That(copy.GetValue(7), Is.EqualTo(70));
    }
}
