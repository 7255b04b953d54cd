using System.Runtime.Serialization;
using NFX.Slim;
using NFX.Slim.Cloning.TreeClone;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// The depth-first clone of type trees (classes with no callbacks, lists and arrays of them, strings, plain data and
/// primitive arrays): which roots qualify, and that it keeps a round trip's fidelity where the static types promise
/// less than the objects do (sharing, cycles, a subclass in a field, a chain deeper than the bound). Every clone is
/// compared whole with its source, identity included.
/// </summary>
public sealed class DeepCloneTreeTests
{
    private SlimSerializer _slim = RoundTrip.NewSerializer();

    /// <summary>A serializer per test: the plans remember how earlier clones of a root went.</summary>
    [SetUp]
    public void NewSerializer() => _slim = RoundTrip.NewSerializer();

    [Test]
    public void Plans_TreeOfClassesListsAndArrays_QualifiesAsARoot()
    {
        Assert.That(_slim.TreeClones.RootFor(typeof(TreeOrder)), Is.Not.Null);
        Assert.That(_slim.TreeClones.RootFor(typeof(CloneTreeNode)), Is.Not.Null, "a self-referencing type qualifies: the identity map closes its cycles");
    }

    [TestCase(typeof(WithCallback), TestName = "Plans_ClassWithOnDeserialized_DoesNotQualify")]
    [TestCase(typeof(WithInterfaceField), TestName = "Plans_FieldOfInterfaceType_DoesNotQualify")]
    [TestCase(typeof(WithObjectField), TestName = "Plans_FieldOfTypeObject_DoesNotQualify")]
    [TestCase(typeof(WithCustomSerialized), TestName = "Plans_FieldWithUserSerializer_DoesNotQualify")]
    [TestCase(typeof(WithRefusedField), TestName = "Plans_FieldOfRefusedType_DoesNotQualify")]
    [TestCase(typeof(WithDictionary), TestName = "Plans_FieldOfHashedCollection_DoesNotQualify")]
    [TestCase(typeof(WithStructHoldingReference), TestName = "Plans_StructFieldHoldingAReference_DoesNotQualify")]
    public void Plans_TypeOutsideTheTreeRules_DoesNotQualify(Type root)
    {
        SlimSerializer slim = RoundTrip.NewSerializer(SlimOptions.Default with { Serializers = [new MoneySerializer()] });

        Assert.That(slim.TreeClones.RootFor(root), Is.Null);
    }

    [Test]
    public void DeepClone_TreeWithSharedObjectsListsAndArrays_KeepsEverySharing()
    {
        var customer = new TreeCustomer { Name = "c", Scores = [1, 2, 3] };
        var line = new TreeLine { Sku = "s1", Quantity = 2, Customer = customer, Tags = ["x", "y"] };
        var lines = new List<TreeLine> { line, line, new() { Sku = "s2", Customer = customer, Scores = customer.Scores } };
        var source = new TreeOrder
        {
            Id = 7, Buyer = customer, Payer = customer, Lines = lines, SameLines = lines,
            LineArray = [line, null], Scores = customer.Scores, Created = new DateTime(2026, 1, 2), Due = 5,
        };

        TreeOrder clone = _slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        Assert.That(_slim.TreeClones.RootFor(typeof(TreeOrder))!.Fallbacks, Is.Zero, "made depth-first to the end");
        Assert.That(clone.Buyer, Is.Not.SameAs(customer).And.SameAs(clone.Payer));
        Assert.That(clone.SameLines, Is.SameAs(clone.Lines).And.Not.SameAs(lines));
        Assert.That(clone.Lines![1], Is.SameAs(clone.Lines[0]).And.SameAs(clone.LineArray![0]));
        Assert.That(clone.Scores, Is.SameAs(clone.Buyer!.Scores).And.SameAs(clone.Lines[2].Scores).And.Not.SameAs(customer.Scores));
        Assert.That(clone.Lines[0]!.Tags, Is.Not.SameAs(line.Tags));
        Assert.That(clone.Lines[0]!.Sku, Is.SameAs(line.Sku), "strings are shared, as a round trip keeps their identity");
    }

    [Test]
    public void DeepClone_CyclesThroughTheTree_PointBackAtTheClones()
    {
        var root = new CloneTreeNode { Name = "root" };
        var child = new CloneTreeNode { Name = "child", Parent = root };
        root.Children = [child, new CloneTreeNode { Name = "other", Parent = root, Children = [root] }];
        root.Next = root;
        root.Array = [child, root];

        CloneTreeNode clone = _slim.DeepClone(root);

        GraphAssert.AreEquivalent(root, clone);
        Assert.That(clone, Is.Not.SameAs(root));
        Assert.That(clone.Next, Is.SameAs(clone));
        Assert.That(clone.Children![0].Parent, Is.SameAs(clone));
        Assert.That(clone.Children[1].Children![0], Is.SameAs(clone));
        Assert.That(clone.Array![0], Is.SameAs(clone.Children[0]));
    }

    [Test]
    public void DeepClone_SubclassInAFieldOfTheTree_KeepsItsRuntimeTypeAndCallbacks()
    {
        var special = new SpecialCloneTreeNode { Name = "special", Extra = 42 };
        var source = new CloneTreeNode { Name = "root", Children = [new CloneTreeNode { Name = "plain" }, special], Next = special };
        special.Parent = source;

        CloneTreeNode clone = _slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        Assert.That(_slim.TreeClones.RootFor(typeof(CloneTreeNode))!.Fallbacks, Is.EqualTo(1), "the subclass sent it the general way");
        Assert.That(clone.Next, Is.TypeOf<SpecialCloneTreeNode>().And.SameAs(clone.Children![1]).And.Not.SameAs(special));
        Assert.That(((SpecialCloneTreeNode)clone.Next!).Restored, Is.True, "the subclass's [OnDeserialized] ran, as after a round trip");
        Assert.That(special.Restored, Is.False);
    }

    [Test]
    public void DeepClone_SubclassOfListInAListField_KeepsItsRuntimeType()
    {
        var source = new CloneTreeNode { Name = "root", Children = new NodeList { new() { Name = "a" } } };

        CloneTreeNode clone = _slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        Assert.That(clone.Children, Is.TypeOf<NodeList>().And.Not.SameAs(source.Children));
    }

    [Test]
    public void DeepClone_RootWhoseClonesKeepFallingBack_StopsTryingAndStaysExact()
    {
        var source = new CloneTreeNode { Name = "root", Next = new SpecialCloneTreeNode { Name = "s" } };
        TreeCloneRoot plan = _slim.TreeClones.RootFor(typeof(CloneTreeNode))!;

        for (int i = 0; i < 40; i++)
        {
            GraphAssert.AreEquivalent(source, _slim.DeepClone(source));
        }

        Assert.That(plan.IsWorthTrying, Is.False);
        var plain = new CloneTreeNode { Name = "plain", Next = new CloneTreeNode() };
        GraphAssert.AreEquivalent(plain, _slim.DeepClone(plain));
    }

    [Test]
    public void DeepClone_ChainJustBeyondTheDepthBound_IsCompleteAndExact()
    {
        CloneTreeNode head = Chain(TreeClonePlans.MaxDepth + 5);

        CloneTreeNode clone = _slim.DeepClone(head);

        GraphAssert.AreEquivalent(head, clone);
    }

    [Test]
    public void DeepClone_ReferencesAcrossTheDepthBound_PointAtTheSameClones()
    {
        // Every node points back at the one before it; the head's list and array reach past the bound before the fill
        // left waiting there runs, so nodes are made by the one-call copy, by the shell alone at the bound, and found
        // again from either side.
        const int length = TreeClonePlans.MaxDepth + 10;
        var nodes = new List<CloneTreeNode>();
        for (CloneTreeNode? node = Chain(length); node is not null; node = node.Next)
        {
            node.Parent = nodes.Count == 0 ? null : nodes[^1];
            nodes.Add(node);
        }
        CloneTreeNode head = nodes[0];
        head.Children = [nodes[TreeClonePlans.MaxDepth + 3], nodes[TreeClonePlans.MaxDepth - 2]];
        head.Array = [nodes[^1], nodes[TreeClonePlans.MaxDepth]];

        CloneTreeNode clone = _slim.DeepClone(head);

        GraphAssert.AreEquivalent(head, clone);
        Assert.That(_slim.TreeClones.RootFor(typeof(CloneTreeNode))!.Fallbacks, Is.Zero, "cloned depth-first");
        var cloned = new List<CloneTreeNode>();
        for (CloneTreeNode? node = clone; node is not null; node = node.Next)
        {
            Assert.That(node.Parent, Is.SameAs(cloned.Count == 0 ? null : cloned[^1]), $"node {cloned.Count}'s parent");
            cloned.Add(node);
        }
        Assert.That(cloned, Has.Count.EqualTo(length));
        Assert.That(clone.Children![0], Is.SameAs(cloned[TreeClonePlans.MaxDepth + 3]), "past the bound, through the list");
        Assert.That(clone.Children[1], Is.SameAs(cloned[TreeClonePlans.MaxDepth - 2]), "before the bound, through the list");
        Assert.That(clone.Array![0], Is.SameAs(cloned[^1]), "the tail, through the array");
        Assert.That(clone.Array[1], Is.SameAs(cloned[TreeClonePlans.MaxDepth]), "the node at the bound, through the array");
    }

    [Test]
    public void DeepClone_ChainOfAMillionNodes_GoesDepthFirstWithoutOverflowingTheStack()
    {
        const int length = 1_000_000;
        CloneTreeNode head = Chain(length);

        CloneTreeNode clone = _slim.DeepClone(head);

        Assert.That(_slim.TreeClones.RootFor(typeof(CloneTreeNode))!.Fallbacks, Is.Zero, "a long chain is no reason to fall back");
        int count = 0;
        for (CloneTreeNode? from = head, to = clone; from is not null; from = from.Next, to = to.Next, count++)
        {
            Assert.That(to, Is.Not.Null.And.Not.SameAs(from));
            if (to!.Name != from.Name || (from.Next is null) != (to.Next is null))
            {
                Assert.Fail($"node {count} differs");
            }
        }
        Assert.That(count, Is.EqualTo(length));
    }

    [Test]
    public void DeepClone_NonSerializedFieldsInTheTree_AreLeftDefault()
    {
        var source = new TreeCustomer { Name = "c", Cache = "cached", CachedScores = [1], Scores = [2] };

        TreeCustomer clone = _slim.DeepClone(new TreeOrder { Buyer = source }).Buyer!;

        Assert.That((clone.Name, clone.Cache, clone.CachedScores, clone.Scores), Is.EqualTo(("c", (string?)null, (int[]?)null, new[] { 2 })));
    }

    [Test]
    public void DeepClone_PrimitiveArraySlotHoldingAnotherElementType_KeepsItsRuntimeType()
    {
        var source = new TreeCustomer { Name = "c", Scores = (int[])(object)new uint[] { 1, 2 } };

        TreeCustomer clone = _slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        Assert.That((object?)clone.Scores, Is.TypeOf<uint[]>());
    }

    [Test]
    public void DeepClone_RefusedTypeInAnObjectField_IsStillRefused()
    {
        var source = new WithRefusedField { Secret = new Secretive { Password = "p" } };

        Assert.Catch<SlimSerializationException>(() => _slim.DeepClone(source));
    }

    private static CloneTreeNode Chain(int length)
    {
        var head = new CloneTreeNode { Name = "0" };
        CloneTreeNode tail = head;
        for (int i = 1; i < length; i++)
        {
            tail = tail.Next = new CloneTreeNode { Name = (i % 10).ToString() };
        }
        return head;
    }
}

public sealed class TreeOrder
{
    public long Id;
    public TreeCustomer? Buyer;
    public TreeCustomer? Payer;
    public List<TreeLine>? Lines;
    public List<TreeLine>? SameLines;
    public TreeLine?[]? LineArray;
    public int[]? Scores;
    public DateTime Created;
    public int? Due;
}

public sealed class TreeCustomer
{
    public string? Name;
    public int[]? Scores;
    [NonSerialized] public string? Cache;
    [NonSerialized] public int[]? CachedScores;
}

public sealed class TreeLine
{
    public string? Sku;
    public int Quantity;
    public TreeCustomer? Customer;
    public List<string>? Tags;
    public int[]? Scores;
}

/// <summary>Not sealed: a subclass may sit in any of its slots.</summary>
public class CloneTreeNode
{
    public string? Name;
    public CloneTreeNode? Parent;
    public CloneTreeNode? Next;
    public List<CloneTreeNode>? Children;
    public CloneTreeNode?[]? Array;
}

public sealed class SpecialCloneTreeNode : CloneTreeNode
{
    public int Extra;
    [NonSerialized] public bool Restored;

    [OnDeserialized]
    private void OnDeserialized(StreamingContext context) => Restored = true;
}

public sealed class NodeList : List<CloneTreeNode>;

public sealed class WithCallback
{
    public CloneTreeNode? Node;

    [OnDeserialized]
    private void OnDeserialized(StreamingContext context) { }
}

public sealed class WithInterfaceField
{
    public IList<int>? Items;
}

public sealed class WithObjectField
{
    public object? Value;
}

public sealed class WithCustomSerialized
{
    public Money? Price;
}

public sealed class WithRefusedField
{
    public Secretive? Secret;
}

public sealed class WithDictionary
{
    public Dictionary<string, CloneTreeNode>? Map;
}

public sealed class WithStructHoldingReference
{
    public KeyValuePair<string, CloneTreeNode> Pair;
}
