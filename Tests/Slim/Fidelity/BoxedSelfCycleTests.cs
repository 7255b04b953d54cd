using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Fidelity;

/// <summary>
/// A cycle through inline values only (a boxed struct holding its own box; an immutable list containing itself through
/// a box) cannot be rebuilt: refused when writing and cloning, with the member path, instead of a reader that throws
/// or a clone that silently nulls the reference.
/// </summary>
public sealed class InlineCycleTests
{
    private static object CycleThroughImmutableList()
    {
        object box = new ListBox();
        Unsafe.Unbox<ListBox>(box).Items = ImmutableList.Create(box);
        return Unsafe.Unbox<ListBox>(box).Items!;
    }

    [Test]
    public void Serialize_BoxedStructHoldingItsOwnBox_ThrowsWithThePath()
    {
        // The facade adds the path from the root; the cause names the member.
        var error = Assert.Throws(Is.InstanceOf<SlimSerializationException>(), () => RoundTrip.NewSerializer().Serialize(SelfBox.Create(7)));
        Assert.That(error!.Message, Does.Contain("SelfBox.Self"));
        Assert.That(error.InnerException ?? error, Is.InstanceOf<SlimUnsupportedMemberException>());
    }

    [Test]
    public void DeepClone_BoxedStructHoldingItsOwnBox_ThrowsWithThePath()
    {
        var error = Assert.Throws<SlimUnsupportedMemberException>(() => RoundTrip.NewSerializer().DeepClone(new List<object> { SelfBox.Create(7) }));
        Assert.That(error!.Message, Does.Contain("SelfBox.Self"));
    }

    [Test]
    public void Serialize_CycleThroughImmutableList_ThrowsWithThePath()
    {
        var error = Assert.Throws(Is.InstanceOf<SlimSerializationException>(), () => RoundTrip.NewSerializer().Serialize(CycleThroughImmutableList()));
        Assert.That(error!.Message, Does.Contain(".Items").And.Contain("ImmutableList"));
        Assert.That(error.InnerException ?? error, Is.InstanceOf<SlimUnsupportedMemberException>());
    }

    [Test]
    public void DeepClone_CycleThroughImmutableList_ThrowsWithThePath()
    {
        var error = Assert.Throws<SlimUnsupportedMemberException>(() => RoundTrip.NewSerializer().DeepClone(CycleThroughImmutableList()));
        Assert.That(error!.Message, Does.Contain("ListBox.Items").And.Contain("ImmutableList"));
    }
}

/// <summary>A box whose field holds an object that refers back to the box: rebuilt, since the object's body comes later.</summary>
public sealed class BoxCycleThroughObjectTests : CodecTester<object>
{
    protected override object CreateValue()
    {
        var back = new BackPointer();
        object box = new SelfBox { Self = back, Value = 3 };
        back.Box = box;
        return box;
    }

    protected override void CheckCopy(object original, object copy) =>
        Assert.That(((BackPointer)((SelfBox)copy).Self!).Box, Is.SameAs(copy));
}
