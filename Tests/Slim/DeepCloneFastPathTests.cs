using System.Collections.Immutable;
using System.Runtime.Serialization;
using NFX.Slim;
using NFX.Slim.CodeGen;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// The deep clone's fast paths keep a round trip's fidelity: arrays and lists copied whole when their elements are
/// their own clones, classes of plain data complete after their shallow copy, references in lists and arrays cloned
/// straight through the session, dictionaries filled in place, and <c>new T()</c> only where the constructor runs no code.
/// Every graph here shares and cycles through the fast path, and is compared whole with the source.
/// </summary>
public sealed class DeepCloneFastPathTests
{
    private readonly SlimSerializer _slim = RoundTrip.NewSerializer();

    [Test]
    public void DeepClone_SharedPrimitiveArray_IsCopiedOnceAndStaysShared()
    {
        int[] shared = [1, 2, 3, 4];
        var source = new ArrayHolder { First = shared, Second = shared, Empty = [], Bytes = [9, 8, 7] };

        ArrayHolder clone = _slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        Assert.That(clone.First, Is.Not.SameAs(shared).And.EqualTo(shared));
        Assert.That(clone.Second, Is.SameAs(clone.First));
        Assert.That(clone.Empty, Is.Not.SameAs(source.Empty).And.Empty, "two empty arrays are two objects");
        Assert.That(clone.Bytes, Is.Not.SameAs(source.Bytes).And.EqualTo(new byte[] { 9, 8, 7 }));
        shared[0] = 100;
        Assert.That(clone.First![0], Is.EqualTo(1), "the copy does not alias the source's memory");
    }

    [Test]
    public void DeepClone_LargePrimitiveArray_CopiesEveryElement()
    {
        double[] source = Enumerable.Range(0, 100_000).Select(i => i * 0.5).ToArray();

        double[] clone = _slim.DeepClone(source);

        Assert.That(clone, Is.Not.SameAs(source).And.EqualTo(source));
    }

    [Test]
    public void DeepClone_ListsAndArraysOfStrings_AreCopiedWholeKeepingSharingAndStringIdentity()
    {
        string text = new('x', 3);
        var names = new List<string?> { text, null, text };
        string?[] array = [text, null];
        var source = new object[] { names, names, array, array };

        object[] clone = _slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        Assert.That(clone[0], Is.Not.SameAs(names));
        Assert.That(clone[1], Is.SameAs(clone[0]));
        Assert.That(clone[3], Is.SameAs(clone[2]).And.Not.SameAs(array));
        Assert.That(((List<string?>)clone[0])[2], Is.SameAs(text), "strings are shared, as a round trip keeps their identity");
    }

    [Test]
    public void DeepClone_PlainDataClassSharedAndInAList_IsOneCloneEverywhere()
    {
        var point = new PlainPoint { X = 1.5, Y = -2, Label = "p" };
        var source = new List<PlainPoint?> { point, null, point };

        List<PlainPoint?> clone = _slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        Assert.That(clone[0], Is.Not.SameAs(point));
        Assert.That(clone[2], Is.SameAs(clone[0]));
        Assert.That((clone[0]!.X, clone[0]!.Y, clone[0]!.Label), Is.EqualTo((1.5, -2.0, "p")));
    }

    [Test]
    public void DeepClone_ListAndArrayWithCycles_PointBackAtTheirClones()
    {
        var a = new Node { Name = "a" };
        var b = new Node { Name = "b", Next = a };
        a.Next = b;
        var list = new List<Node> { a, b, a };
        var array = new Node[] { b, a };
        a.Siblings = list;
        b.Array = array;
        var self = new List<object?>();
        self.Add(self);
        self.Add(list);

        (List<Node> List, Node[] Array, List<object?> Self) clone = _slim.DeepClone((list, array, self));

        GraphAssert.AreEquivalent((list, array, self), clone);
        Assert.That(clone.List[0].Siblings, Is.SameAs(clone.List));
        Assert.That(clone.List[2], Is.SameAs(clone.List[0]));
        Assert.That(clone.Array[0].Array, Is.SameAs(clone.Array));
        Assert.That(clone.Array[1], Is.SameAs(clone.List[0]));
        Assert.That(clone.Self[0], Is.SameAs(clone.Self));
        Assert.That(clone.Self[1], Is.SameAs(clone.List));
    }

    [Test]
    public void DeepClone_ArrayOfABaseType_KeepsEachElementsRuntimeType()
    {
        var derived = new DerivedNode { Name = "d", Extra = 5 };
        Node[] source = [derived, new Node { Name = "n", Next = derived }];

        Node[] clone = _slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        Assert.That(clone[0], Is.TypeOf<DerivedNode>().And.Not.SameAs(derived));
        Assert.That(clone[1].Next, Is.SameAs(clone[0]));
    }

    [Test]
    public void DeepClone_DictionaryFilledInPlace_SharesValuesAndCyclesBack()
    {
        var owner = new DictionaryOwner();
        var shared = new Node { Name = "shared" };
        owner.ById = new Dictionary<int, Node> { [1] = shared, [2] = new Node { Name = "two", Next = shared }, [3] = shared };
        owner.ByName = new Dictionary<string, DictionaryOwner>(StringComparer.OrdinalIgnoreCase) { ["me"] = owner };
        shared.Owner = owner;

        DictionaryOwner clone = _slim.DeepClone(owner);

        GraphAssert.AreEquivalent(owner, clone);
        Assert.That(clone.ById![1], Is.Not.SameAs(shared));
        Assert.That(clone.ById[3], Is.SameAs(clone.ById[1]));
        Assert.That(clone.ById[2].Next, Is.SameAs(clone.ById[1]));
        Assert.That(clone.ById[1].Owner, Is.SameAs(clone));
        Assert.That(clone.ByName!["ME"], Is.SameAs(clone), "the comparer came along");
        Assert.That(clone.ByName.Comparer, Is.SameAs(StringComparer.OrdinalIgnoreCase));
    }

    [Test]
    public void DeepClone_CallbackTypeInsideListArrayAndDictionary_RunsItsCallbacksOncePerClone()
    {
        var item = new Restoring { Value = 7 };
        var source = new CallbackHolder
        {
            List = [item, item],
            Array = [item],
            Map = new Dictionary<int, Restoring> { [1] = item },
        };

        CallbackHolder clone = _slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        Restoring copy = clone.List![0];
        Assert.That(copy, Is.Not.SameAs(item));
        Assert.That(clone.Array![0], Is.SameAs(copy));
        Assert.That(clone.Map![1], Is.SameAs(copy));
        Assert.That(copy.Restored, Is.EqualTo(1), "[OnDeserialized] ran once on the one clone");
        Assert.That(copy.Doubled, Is.EqualTo(14));
        Assert.That(item.Restored, Is.Zero, "the source is untouched");
    }

    [Test]
    public void DeepClone_MapGrowsWhileAnInlineValueIsMade_EveryCloneStaysFoundAndShared()
    {
        // An immutable list is built inline from its elements: cloning its header maps a thousand nodes, so the clone
        // map grows several times before the list's own clone is known and recorded.
        Node[] nodes = [.. Enumerable.Range(0, 1000).Select(i => new Node { Name = "n" + i })];
        for (int i = 0; i < nodes.Length; i++)
        {
            nodes[i].Next = nodes[(i + 1) % nodes.Length];
        }
        ImmutableList<Node> list = [.. nodes];
        var source = new object[] { list, nodes[7], list, nodes };

        object[] clone = _slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        var listClone = (ImmutableList<Node>)clone[0];
        Assert.That(clone[2], Is.SameAs(listClone));
        Assert.That(clone[1], Is.SameAs(listClone[7]).And.Not.SameAs(nodes[7]));
        Assert.That(((Node[])clone[3])[999].Next, Is.SameAs(listClone[0]));
    }

    [Test]
    public void DeepClone_BodyOfOnlyPrimitiveArrays_IsClonedAtOnceKeepingSharingAndRuntimeTypes()
    {
        int[] shared = [1, 2];
        var a = new Badges { Id = 1, Counts = shared, Other = [3] };
        var b = new Badges { Id = 2, Counts = shared, Other = a.Other };
        // The runtime lets an int[] slot hold a uint[]: still a leaf, and it must come back as a uint[].
        var c = new Badges { Id = 3, Counts = (int[])(object)new uint[] { 7, 8 } };
        var source = new List<Badges> { a, b, a, c };

        List<Badges> clone = _slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        Assert.That(clone[0], Is.Not.SameAs(a));
        Assert.That(clone[2], Is.SameAs(clone[0]));
        Assert.That(clone[0].Counts, Is.Not.SameAs(shared).And.EqualTo(shared));
        Assert.That(clone[1].Counts, Is.SameAs(clone[0].Counts));
        Assert.That(clone[1].Other, Is.SameAs(clone[0].Other));
        Assert.That((object?)clone[3].Counts, Is.TypeOf<uint[]>().And.EqualTo(new uint[] { 7, 8 }));
    }

    [Test]
    public void TrivialConstructor_OnlyConstructorsThatRunNoCode_AreFound()
    {
        Assert.That(TrivialConstructor.Find(typeof(Node)), Is.Not.Null);
        Assert.That(TrivialConstructor.Find(typeof(DerivedNode)), Is.Not.Null, "a trivial constructor over a trivial base");
        Assert.That(TrivialConstructor.Find(typeof(WithInitializer)), Is.Null, "a field initializer is code");
        Assert.That(TrivialConstructor.Find(typeof(OverInitializer)), Is.Null, "a base constructor with an initializer is code");
        Assert.That(TrivialConstructor.Find(typeof(Counting)), Is.Null, "a constructor with a side effect");
        Assert.That(TrivialConstructor.Find(typeof(WithStaticConstructor)), Is.Null);
        Assert.That(TrivialConstructor.Find(typeof(NoDefaultConstructor)), Is.Null);
        Assert.That(TrivialConstructor.Find(typeof(GenericNode<int>)), Is.Not.Null);
    }

    [TestCase(false, TestName = "DeepClone_TypesWithConstructorCode_NeverRunIt")]
    [TestCase(true, TestName = "RoundTrip_TypesWithConstructorCode_NeverRunIt")]
    public void TypesWithConstructorCode_NeverRunIt(bool throughBytes)
    {
        // The reader and the clone allocate with new T() only where that constructor runs no code (Node, DerivedNode):
        // the others come back uninitialized, their own field values filled in.
        int before = Counting.Constructed;
        var source = new object[]
        {
            new Counting(), new WithInitializer { Kept = 3 }, new OverInitializer { Own = 4 }, new DerivedNode { Name = "d" },
        };
        int afterSource = Counting.Constructed;

        object[] clone = throughBytes ? (object[])_slim.Deserialize(_slim.Serialize(source))! : _slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        Assert.That(afterSource - before, Is.EqualTo(1));
        Assert.That(Counting.Constructed, Is.EqualTo(afterSource), "no constructor ran");
        Assert.That(((WithInitializer)clone[1]).Dropped, Is.Zero, "a [NonSerialized] field stays default, its initializer does not run");
        Assert.That(((OverInitializer)clone[2]).Dropped, Is.Zero);
        Assert.That(((WithInitializer)clone[1]).Kept, Is.EqualTo(3));
        Assert.That(clone[3], Is.TypeOf<DerivedNode>().And.Not.SameAs(source[3]));
    }

    /// <summary>Primitive arrays in fields.</summary>
    public sealed class ArrayHolder
    {
        public int[]? First;
        public int[]? Second;
        public int[]? Empty;
        public byte[]? Bytes;
    }

    /// <summary>Plain data and primitive arrays: its body clones only leaves, at once.</summary>
    public sealed class Badges
    {
        public int Id;
        public int[]? Counts;
        public long[]? Other;
    }

    /// <summary>Plain data and a string only: complete after the shallow copy.</summary>
    public sealed class PlainPoint
    {
        public double X;
        public double Y;
        public string? Label;
    }

    /// <summary>A node that reaches lists, arrays and an owner.</summary>
    public class Node
    {
        public string? Name;
        public Node? Next;
        public List<Node>? Siblings;
        public Node[]? Array;
        public DictionaryOwner? Owner;
    }

    /// <summary>A derived node (trivial constructor over a trivial base).</summary>
    public sealed class DerivedNode : Node
    {
        public int Extra;
    }

    /// <summary>Generic, trivial constructor.</summary>
    public sealed class GenericNode<T>
    {
        public T? Value;
    }

    /// <summary>Dictionaries whose values point back at their owner.</summary>
    public sealed class DictionaryOwner
    {
        public Dictionary<int, Node>? ById;
        public Dictionary<string, DictionaryOwner>? ByName;
    }

    /// <summary>A value restored by [OnDeserialized].</summary>
    public sealed class Restoring
    {
        public int Value;

        [NonSerialized]
        public int Doubled;

        [NonSerialized]
        public int Restored;

        [OnDeserialized]
        private void OnDeserialized(StreamingContext context)
        {
            Doubled = Value * 2;
            Restored++;
        }
    }

    /// <summary>The same callback object in a list, an array and a dictionary.</summary>
    public sealed class CallbackHolder
    {
        public List<Restoring>? List;
        public Restoring[]? Array;
        public Dictionary<int, Restoring>? Map;
    }

    /// <summary>A field initializer on a field the clone leaves default.</summary>
    public class WithInitializer
    {
        public int Kept;

        [NonSerialized]
        public int Dropped = 42;
    }

    /// <summary>Its own constructor is trivial, its base's is not.</summary>
    public sealed class OverInitializer : WithInitializer
    {
        public int Own;
    }

    /// <summary>A constructor with a side effect.</summary>
    public sealed class Counting
    {
        private static int s_constructed;

        public Counting() => Interlocked.Increment(ref s_constructed);

        public static int Constructed => Volatile.Read(ref s_constructed);
    }

    /// <summary>A static constructor.</summary>
    public sealed class WithStaticConstructor
    {
        public static readonly DateTime Loaded;

        static WithStaticConstructor() => Loaded = DateTime.UtcNow;

        public int Value;
    }

    /// <summary>No parameterless constructor.</summary>
    public sealed class NoDefaultConstructor(int value)
    {
        public int Value = value;
    }
}
