using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Fidelity;

public interface IDoable
{
    int Count { get; }

    void Do();
}

/// <summary>A struct that changes itself through an interface: its box must never be shared by a copy.</summary>
public struct MutableStruct : IDoable
{
    private int _count;

    public readonly int Count => _count;

    public void Do() => _count++;
}

/// <summary>The same with a reference inside (cloned through its fields rather than as plain data).</summary>
public struct MutableListStruct : IDoable
{
    public List<int> Items;

    public readonly int Count => Items.Count;

    public readonly void Do() => Items.Add(Items.Count);
}

public sealed class DoableHolder
{
    public IDoable? First;
    public IDoable? Second;
    public object? Boxed;
    public IDoable? WithList;
    public Tuple<IDoable, IDoable>? Pair;
    public object? SharedInt;
    public object? SharedDate;
}

/// <summary>
/// A struct boxed as an interface is copied, not shared, by a deep clone; two references to one box stay one box in
/// the copy (also inside a Tuple); boxes of immutable values (int, DateTime) may be shared.
/// </summary>
public sealed class BoxedInterfaceTests : CodecTester<DoableHolder>
{
    public static IEnumerable<TestCaseData> Serializers()
    {
        foreach (TypeRegistryMode mode in new[] { TypeRegistryMode.PerCall, TypeRegistryMode.Batch })
        {
            yield return new TestCaseData(mode, false).SetArgDisplayNames(mode.ToString(), "default policy");
            yield return new TestCaseData(mode, true).SetArgDisplayNames(mode.ToString(), "allow-all");
        }
    }

    protected override DoableHolder CreateValue()
    {
        IDoable box = new MutableStruct();
        box.Do();
        IDoable inTuple = new MutableStruct();
        return new DoableHolder
        {
            First = box,
            Second = box,
            Boxed = new MutableStruct(),
            WithList = new MutableListStruct { Items = [1, 2] },
            Pair = Tuple.Create(inTuple, inTuple),
            SharedInt = 5,
            SharedDate = new DateTime(2026, 11, 27, 0, 0, 0, DateTimeKind.Utc),
        };
    }

    protected override void CheckCopy(DoableHolder original, DoableHolder copy) => CheckIndependent(original, copy);

    [TestCaseSource(nameof(Serializers))]
    public void DeepClone_StructBoxedAsInterface_CopiesTheBoxAndKeepsItsSharing(TypeRegistryMode mode, bool allowAll)
    {
        SlimSerializer slim = Create(mode, allowAll);
        for (int message = 0; message < 2; message++)
        {
            DoableHolder original = CreateValue();
            DoableHolder copy = slim.DeepClone(original)!;
            GraphAssert.AreEquivalent(original, copy);
            CheckIndependent(original, copy);
            Assert.That(copy.SharedInt, Is.SameAs(original.SharedInt), "a boxed int is immutable and may be shared");
        }
    }

    [TestCaseSource(nameof(Serializers))]
    public void RoundTrip_StructBoxedAsInterface_ReadsItsOwnBoxesAndKeepsTheirSharing(TypeRegistryMode mode, bool allowAll)
    {
        SlimSerializer slim = Create(mode, allowAll);
        for (int message = 0; message < 2; message++)
        {
            DoableHolder original = CreateValue();
            DoableHolder copy = slim.Deserialize<DoableHolder>(slim.Serialize(original))!;
            GraphAssert.AreEquivalent(original, copy);
            CheckIndependent(original, copy);
        }
    }

    [Test]
    public void DeepClone_TupleOfMutableBoxes_CopiesTheBoxes()
    {
        IDoable box = new MutableStruct();
        Tuple<IDoable, object> original = Tuple.Create(box, (object)box);
        Tuple<IDoable, object> copy = RoundTrip.NewSerializer().DeepClone(original)!;
        GraphAssert.AreEquivalent(original, copy);
        Assert.That(copy.Item1, Is.Not.SameAs(box));
        Assert.That(copy.Item2, Is.SameAs(copy.Item1));
        copy.Item1.Do();
        Assert.That(box.Count, Is.EqualTo(0));
        Assert.That(((IDoable)copy.Item2).Count, Is.EqualTo(1));
    }

    [Test]
    public void DeepClone_BoxedMutableStructAsRoot_ReturnsANewBox()
    {
        object original = new MutableStruct();
        object copy = RoundTrip.NewSerializer().DeepClone(original)!;
        Assert.That(copy, Is.Not.SameAs(original));
        ((IDoable)copy).Do();
        Assert.That(((IDoable)original).Count, Is.EqualTo(0));
    }

    private static SlimSerializer Create(TypeRegistryMode mode, bool allowAll) =>
        allowAll
            ? new SlimSerializer(new SlimOptions { RegistryMode = mode, TypePolicy = SlimTypePolicy.AllowAll })
            : RoundTrip.NewSerializer(SlimOptions.Default with { RegistryMode = mode });

    private static void CheckIndependent(DoableHolder original, DoableHolder copy)
    {
        Assert.That(copy.First, Is.Not.SameAs(original.First), "a mutable box is shared with the original");
        Assert.That(copy.Second, Is.SameAs(copy.First), "two references to one box became two boxes");
        Assert.That(copy.Boxed, Is.Not.SameAs(original.Boxed));
        Assert.That(copy.WithList, Is.Not.SameAs(original.WithList));
        Assert.That(copy.Pair!.Item1, Is.Not.SameAs(original.Pair!.Item1), "a mutable box inside a Tuple is shared");
        Assert.That(copy.Pair.Item2, Is.SameAs(copy.Pair.Item1));
        int before = original.First!.Count;
        copy.First!.Do();
        copy.Pair.Item1.Do();
        copy.WithList!.Do();
        Assert.That(original.First.Count, Is.EqualTo(before), "changing the copy changed the original");
        Assert.That(copy.Second!.Count, Is.EqualTo(before + 1), "the copy's two references no longer see one box");
        Assert.That(original.Pair.Item1.Count, Is.EqualTo(0));
        Assert.That(copy.Pair.Item2.Count, Is.EqualTo(1));
        Assert.That(original.WithList!.Count, Is.EqualTo(2));
    }
}
