using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Fidelity;

/// <summary>A plain <c>new object()</c> in an object slot is announced as "of the declared type" and reads back as one.</summary>
public sealed class LockObjectFieldTests : CodecTester<Counter>
{
    protected override Counter CreateValue() => new() { Count = 3 };

    protected override void CheckCopy(Counter original, Counter copy)
    {
        Assert.That(copy.Gate, Is.Not.Null.And.Not.SameAs(original.Gate));
        Assert.That(copy.Gate.GetType(), Is.EqualTo(typeof(object)));
    }
}

public sealed class PlainObjectRootTests : CodecTester<object>
{
    protected override object CreateValue() => new();

    // Handle 01 (a new object of the root slot's declared type, object) and no header or body.
    protected override string? GoldenHex => "534C020006357724182901";

    protected override SlimSerializer CreateSerializer() => new();

    protected override void CheckCopy(object original, object copy) => Assert.That(copy.GetType(), Is.EqualTo(typeof(object)));
}

public sealed class PlainObjectsInListTests : CodecTester<List<object>>
{
    protected override List<object> CreateValue()
    {
        object shared = new();
        return [shared, shared, new object(), "text"];
    }

    protected override void CheckCopy(List<object> original, List<object> copy)
    {
        Assert.That(copy[0], Is.SameAs(copy[1]));
        Assert.That(copy[2], Is.Not.SameAs(copy[0]));
        Assert.That(copy[2].GetType(), Is.EqualTo(typeof(object)));
    }
}
