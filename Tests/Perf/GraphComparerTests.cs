using NFX.Perf.Verification;
using NFX.Perf.Workloads.LinkedList;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Tests.Perf;

public sealed class GraphComparerTests
{
    [Serializable]
    private sealed class Pair
    {
        public object? Left;
        public object? Right;
    }

    private static Perzon NewPerzon() => PerzonGenerator.Create(new Random(7));

    [Test]
    public void Compare_EqualIndependentGraphs_ReportsNoDifferenceAndCountsObjects()
    {
        GraphComparison result = GraphComparer.Compare(NewPerzon(), NewPerzon());

        Assert.That(result.AreEqual, Is.True, result.Difference);
        // Perzon + parent Perzon, each with two List<string>.
        Assert.That(result.ObjectCount, Is.EqualTo(6));
    }

    [Test]
    public void Compare_NestedFieldChanged_ReportsItsPath()
    {
        Perzon copy = NewPerzon();
        copy.Parent!.Age2++;

        GraphComparison result = GraphComparer.Compare(NewPerzon(), copy);

        Assert.That(result.Difference, Does.StartWith("$.Parent.Age2: expected"));
    }

    [Test]
    public void Compare_ListElementChanged_ReportsIndexPath()
    {
        Perzon copy = NewPerzon();
        copy.Names1![1] = "Changed";

        GraphComparison result = GraphComparer.Compare(NewPerzon(), copy);

        Assert.That(result.Difference, Does.StartWith("$.Names1[1]: expected"));
        Assert.That(result.Difference, Does.Contain("\"Changed\""));
    }

    [Test]
    public void Compare_SharedObjectCopiedTwice_ReportsSharingDifference()
    {
        var shared = new Node { Value = 1 };
        var expected = new Pair { Left = shared, Right = shared };
        var actual = new Pair { Left = new Node { Value = 1 }, Right = new Node { Value = 1 } };

        GraphComparison result = GraphComparer.Compare(expected, actual);

        Assert.That(result.Difference, Does.StartWith("$.Right: sharing differs"));
    }

    [Test]
    public void Compare_DistinctObjectsMergedIntoOne_ReportsSharingDifference()
    {
        var expected = new Pair { Left = new Node { Value = 1 }, Right = new Node { Value = 1 } };
        var merged = new Node { Value = 1 };
        var actual = new Pair { Left = merged, Right = merged };

        GraphComparison result = GraphComparer.Compare(expected, actual);

        Assert.That(result.Difference, Does.StartWith("$.Right: sharing differs"));
    }

    [Test]
    public void Compare_CycleUnrolledIntoChain_ReportsSharingDifference()
    {
        var cycle = new Node { Value = 5 };
        cycle.Next = cycle;
        var second = new Node { Value = 5 };
        second.Next = second;
        var unrolled = new Node { Value = 5, Next = second };

        GraphComparison result = GraphComparer.Compare(cycle, unrolled);

        Assert.That(result.Difference, Does.StartWith("$.Next: sharing differs"));
    }

    [Test]
    public void Compare_EqualCycles_ReportsNoDifference()
    {
        var a = new Node { Value = 1, Next = new Node { Value = 2 } };
        a.Next.Next = a;
        var b = new Node { Value = 1, Next = new Node { Value = 2 } };
        b.Next.Next = b;

        GraphComparison result = GraphComparer.Compare(a, b);

        Assert.That(result.AreEqual, Is.True, result.Difference);
        Assert.That(result.ObjectCount, Is.EqualTo(2));
    }

    [Test]
    public void Compare_MillionNodeListDifferingAtTail_FindsItWithoutOverflowAndShortensPath()
    {
        Node expected = BuildList(1_000_000, tailValue: 1);
        Node actual = BuildList(1_000_000, tailValue: 2);

        GraphComparison result = GraphComparer.Compare(expected, actual);

        Assert.That(result.Difference, Does.StartWith("$.(999990 more).Next.Next"));
        Assert.That(result.Difference, Does.Contain(".Value: expected 1 (Int32), got 2 (Int32)"));
    }

    [Test]
    public void Compare_DateTimeKindDiffers_ReportsDifference()
    {
        Perzon copy = NewPerzon();
        copy.O3 = DateTime.SpecifyKind(copy.O3, DateTimeKind.Local);

        GraphComparison result = GraphComparer.Compare(NewPerzon(), copy);

        Assert.That(result.Difference, Does.StartWith("$.O3: expected"));
    }

    [Test]
    public void Compare_DecimalScaleDiffers_ReportsDifference()
    {
        Perzon expected = NewPerzon();
        Perzon copy = NewPerzon();
        expected.O5 = 1.5M;
        copy.O5 = 1.50M;

        GraphComparison result = GraphComparer.Compare(expected, copy);

        Assert.That(result.Difference, Does.StartWith("$.O5: expected 1.5"));
    }

    [Test]
    public void Compare_ListsWithDifferentCapacity_ReportsNoDifference()
    {
        var expected = new List<int>(100) { 1, 2, 3 };
        var actual = new List<int> { 1, 2, 3 };

        Assert.That(GraphComparer.Compare(expected, actual).AreEqual, Is.True);
    }

    [Test]
    public void Compare_DictionaryValueDiffers_ReportsEntryPath()
    {
        var expected = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 };
        var actual = new Dictionary<string, int> { ["a"] = 1, ["b"] = 3 };

        GraphComparison result = GraphComparer.Compare(expected, actual);

        Assert.That(result.Difference, Does.StartWith("$[1].<value>: expected 2"));
    }

    [Test]
    public void Compare_PrimitiveArrayElementDiffers_ReportsIndex()
    {
        double[] expected = [1, 2, 3, double.NaN];
        double[] actual = [1, 2, 3, 4];

        GraphComparison result = GraphComparer.Compare(expected, actual);

        Assert.That(result.Difference, Does.StartWith("$: element [3] expected NaN"));
    }

    [Test]
    public void Compare_ArrayLengthsDiffer_ReportsLengths()
    {
        GraphComparison result = GraphComparer.Compare(new int[3], new int[4]);

        Assert.That(result.Difference, Is.EqualTo("$: expected length 3 in dimension 0, got 4"));
    }

    [Test]
    public void Compare_NullVersusObject_ReportsNull()
    {
        Perzon copy = NewPerzon();
        copy.Parent = null;

        GraphComparison result = GraphComparer.Compare(NewPerzon(), copy);

        Assert.That(result.Difference, Is.EqualTo("$.Parent: expected a Perzon, got null"));
    }

    [Test]
    public void Compare_RuntimeTypesDiffer_ReportsTypes()
    {
        var expected = new Pair { Left = new List<int>() };
        var actual = new Pair { Left = new int[0] };

        GraphComparison result = GraphComparer.Compare(expected, actual);

        Assert.That(result.Difference, Does.StartWith("$.Left: expected type System.Collections.Generic.List`1"));
    }

    [Test]
    public void Compare_SharedStringCopiedTwice_IsADifferenceOnlyWhenExact()
    {
        string shared = new('x', 3);
        var expected = new Pair { Left = shared, Right = shared };
        var actual = new Pair { Left = new string('x', 3), Right = new string('x', 3) };

        Assert.That(GraphComparer.Compare(expected, actual).AreEqual, Is.True, "peers may copy a shared string twice");
        Assert.That(GraphComparer.Compare(expected, actual, GraphFidelity.Exact).Difference,
            Does.StartWith("$.Right: sharing differs"));
    }

    [Test]
    public void Compare_SharedBoxCopiedTwice_IsADifferenceOnlyWhenExact()
    {
        object box = 42;
        var expected = new Pair { Left = box, Right = box };
        var actual = new Pair { Left = 42, Right = 42 };

        Assert.That(GraphComparer.Compare(expected, actual).AreEqual, Is.True);
        Assert.That(GraphComparer.Compare(expected, actual, GraphFidelity.Exact).Difference,
            Does.StartWith("$.Right: sharing differs: a box"));
    }

    [Test]
    public void Compare_ExceptionsWithDifferentDataOrInner_ReportsThePath()
    {
        var expected = new InvalidOperationException("outer", new ArgumentException("inner"));
        var otherInner = new InvalidOperationException("outer", new ArgumentException("changed"));
        var otherData = new InvalidOperationException("outer", new ArgumentException("inner"));
        otherData.Data["k"] = 1;

        Assert.That(GraphComparer.Compare(expected, new InvalidOperationException("outer", new ArgumentException("inner"))).AreEqual, Is.True);
        Assert.That(GraphComparer.Compare(expected, otherInner).Difference, Is.EqualTo("$.InnerException: exception differs ('inner' vs 'changed')"));
        Assert.That(GraphComparer.Compare(expected, otherData).Difference, Is.EqualTo("$.Data: expected 0 entries, got 1"));
    }

    [Test]
    public void Compare_DictionaryComparerChanged_IsADifferenceOnlyWhenExact()
    {
        var expected = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase) { ["a"] = 1 };
        var actual = new Dictionary<string, int>(StringComparer.Ordinal) { ["a"] = 1 };

        Assert.That(GraphComparer.Compare(expected, actual).AreEqual, Is.True, "peers may bring back an equivalent comparer of another type");
        Assert.That(GraphComparer.Compare(expected, actual, GraphFidelity.Exact).Difference, Does.StartWith("$: comparer"));
    }

    [Test]
    public void Compare_DictionariesInAnotherOrder_PairValueLikeKeysByEquality()
    {
        var expected = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 };
        var actual = new Dictionary<string, int> { ["b"] = 2, ["a"] = 1 };

        Assert.That(GraphComparer.Compare(expected, actual).AreEqual, Is.True);
        actual["a"] = 3;
        Assert.That(GraphComparer.Compare(expected, actual).Difference, Does.StartWith("$[0].<value>: expected 1"));
    }

    private static Node BuildList(int length, int tailValue)
    {
        var head = new Node { Value = tailValue };
        for (int i = 1; i < length; i++)
        {
            head = new Node { Value = 0, Next = head };
        }
        return head;
    }
}
