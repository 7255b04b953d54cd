using MemoryPack;
using NFX.Perf.Costs;

namespace NFX.Tests.Perf;

/// <summary>
/// The shapes of the <c>costs</c> verb: the <c>*Ref</c> copies really run MemoryPack with reference tracking (a shared
/// object comes back shared, where the plain shapes come back with two copies), and hold the same values.
/// </summary>
public sealed class CostShapeTests
{
    [Test]
    public void RoundTrip_LeavesRefWithOneLeafTwice_KeepsBothSlotsTheSameInstance()
    {
        var leaf = new CostLeafRef { A = 7 };

        CostLeavesRef? copy = MemoryPackSerializer.Deserialize<CostLeavesRef>(MemoryPackSerializer.Serialize(new CostLeavesRef { Items = [leaf, leaf] }));

        Assert.That(copy!.Items, Has.Length.EqualTo(2));
        Assert.That(copy.Items![0], Is.Not.SameAs(leaf));
        Assert.That(copy.Items[1], Is.SameAs(copy.Items[0]));
        Assert.That(copy.Items[0].A, Is.EqualTo(7));
    }

    [Test]
    public void RoundTrip_PlainLeavesWithOneLeafTwice_ComesBackAsTwoCopies()
    {
        var leaf = new CostLeaf { A = 7 };

        CostLeaves? copy = MemoryPackSerializer.Deserialize<CostLeaves>(MemoryPackSerializer.Serialize(new CostLeaves { Items = [leaf, leaf] }));

        Assert.That(copy!.Items![1], Is.Not.SameAs(copy.Items[0]));
        Assert.That(copy.Items[1].A, Is.EqualTo(7));
    }

    [Test]
    public void RoundTrip_WidesRefAndNamesRef_KeepEveryField()
    {
        var wide = new CostWideRef { A = 1, B = 2, C = 3, D = 4, E = 5, F = 6, G = 7, H = 8, I = 9, J = 10 };
        var named = new CostNamedRef { A = 3, Name = "n0000003" };

        CostWidesRef? wides = MemoryPackSerializer.Deserialize<CostWidesRef>(MemoryPackSerializer.Serialize(new CostWidesRef { Items = [wide] }));
        CostNamesRef? names = MemoryPackSerializer.Deserialize<CostNamesRef>(MemoryPackSerializer.Serialize(new CostNamesRef { Items = [named, named] }));

        CostWideRef w = wides!.Items![0];
        Assert.That(new[] { w.A, w.B, w.C, w.D, w.E, w.F, w.G, w.H, w.I, w.J }, Is.EqualTo(Enumerable.Range(1, 10)));
        Assert.That(names!.Items![0].Name, Is.EqualTo("n0000003"));
        Assert.That(names.Items[1], Is.SameAs(names.Items[0]));
    }
}
