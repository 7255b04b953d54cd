using System.Runtime.CompilerServices;
using NFX.Slim;
using NFX.Tests.Security.Support;
using NFX.Tests.Slim.Support;
using static NFX.Tests.Security.Support.Wire;

namespace NFX.Tests.Slim;

/// <summary>A type whose reference fields are all sealed native types: the generated code writes and reads them inline.</summary>
public sealed class InlineHolder
{
    public string? First;
    public string? Second;
    public int[]? Numbers;
    public int[]? MoreNumbers;
    public List<string>? Words;
}

/// <summary>
/// Strings and primitive arrays in fields of their own type, which the generated code writes, reads and clones
/// without going through the codec of each value: identity, runtime types, every string shape and every reader check
/// must be those of the general path.
/// </summary>
public sealed class InlineReferenceTests
{
    [Test]
    public void Serialize_SharedStringsAndArraysInTypedFields_KeepIdentity()
    {
        string shared = new('s', 5);
        int[] numbers = [1, 2, 3];
        var value = new InlineHolder { First = shared, Second = shared, Numbers = numbers, MoreNumbers = numbers, Words = [shared, new string('s', 5), shared] };

        InlineHolder copy = RoundTrip.Check(value);
        InlineHolder clone = RoundTrip.NewSerializer().DeepClone(value);

        foreach (InlineHolder c in new[] { copy, clone })
        {
            Assert.That(c.Second, Is.SameAs(c.First));
            Assert.That(c.Words![0], Is.SameAs(c.First));
            Assert.That(c.Words[2], Is.SameAs(c.First));
            Assert.That(c.Words[1], Is.Not.SameAs(c.First).And.EqualTo("sssss"));
            Assert.That(c.MoreNumbers, Is.SameAs(c.Numbers));
        }
        Assert.That(clone.Numbers, Is.Not.SameAs(numbers), "a clone copies arrays");
    }

    private static IEnumerable<string> Strings()
    {
        yield return "";
        yield return "plain ascii";
        yield return "héllo wörld ✓ 😀";
        yield return new string('a', 126);
        yield return new string('a', 127);
        yield return new string('a', 10_000); // longer than the writer's first chunk
        yield return new string('a', 9_000) + "é"; // ASCII until the last char: the one-pass attempt fails late
        yield return "é" + new string('b', 200);
        yield return new string('✓', 3_000);
    }

    [TestCaseSource(nameof(Strings))]
    public void Serialize_StringShapes_RoundTripThroughEverySink(string text)
    {
        var value = new InlineHolder { First = text, Words = [text, text + "!"] };
        InlineHolder copy = RoundTrip.Check(value);
        Assert.That(copy.First, Is.EqualTo(text));
        Assert.That(copy.Words![0], Is.SameAs(copy.First));
        Assert.That(copy.Words[1], Is.EqualTo(text + "!"));
    }

    [Test]
    public void Serialize_LoneSurrogate_IsWrittenAsTheReplacementChar()
    {
        InlineHolder copy = RoundTrip.NewSerializer().Deserialize<InlineHolder>(RoundTrip.NewSerializer().Serialize(new InlineHolder { First = "a\uD800b" }));
        Assert.That(copy.First, Is.EqualTo("a\uFFFDb"));
    }

    [Test]
    public void Serialize_IntArrayFieldHoldingAUIntArray_KeepsTheRuntimeType()
    {
        // The runtime lets an int[] variable hold a uint[]: such a value is not of the declared type and goes the general way.
        var value = new InlineHolder { Numbers = (int[])(object)new uint[] { 1, uint.MaxValue } };
        SlimSerializer slim = RoundTrip.NewSerializer();

        InlineHolder copy = slim.Deserialize<InlineHolder>(slim.Serialize(value));
        InlineHolder clone = slim.DeepClone(value);

        Assert.That(copy.Numbers!.GetType(), Is.EqualTo(typeof(uint[])));
        Assert.That((uint[])(object)copy.Numbers, Is.EqualTo(new uint[] { 1, uint.MaxValue }));
        Assert.That(clone.Numbers!.GetType(), Is.EqualTo(typeof(uint[])));
        Assert.That(clone.Numbers, Is.Not.SameAs(value.Numbers));
    }

    [Test]
    public void Deserialize_StringSlotHoldingABackReferenceToTheList_IsRefused()
    {
        SlimSerializer slim = Corpus.NewSerializer();
        byte[] bytes = Message(slim, w =>
        {
            w.WriteVarUInt32(NewWithType);
            GenericType(w, BuiltInCount, TList, TString);
            w.WriteVarUInt32(1);
            w.WriteVarUInt32(FirstBackReference); // object #0 is the list itself
        });

        Assert.Throws<SlimDeserializationException>(() => slim.Deserialize(bytes));
    }

    [Test]
    public void Deserialize_StringSlotAnnouncingANullString_IsMalformed()
    {
        SlimSerializer slim = Corpus.NewSerializer();
        byte[] bytes = Message(slim, w =>
        {
            w.WriteVarUInt32(NewWithType);
            GenericType(w, BuiltInCount, TList, TString);
            w.WriteVarUInt32(1);
            w.WriteVarUInt32(NewOfDeclaredType);
            w.WriteString(null);
        });

        Assert.Throws<SlimFormatException>(() => slim.Deserialize(bytes));
    }

    [Test]
    public void Deserialize_MoreInlineStringsThanMaxObjects_StopsAtTheLimit()
    {
        SlimSerializer slim = Corpus.NewSerializer(SlimLimits.Default with { MaxObjects = 100 });
        byte[] bytes = Message(slim, w =>
        {
            w.WriteVarUInt32(NewWithType);
            GenericType(w, BuiltInCount, TList, TString);
            w.WriteVarUInt32(500);
            for (int i = 0; i < 500; i++)
            {
                w.WriteVarUInt32(NewOfDeclaredType);
                w.WriteString("s" + i);
            }
        });

        var error = Assert.Throws<SlimLimitExceededException>(() => slim.Deserialize(bytes));
        Assert.That(error!.LimitName, Is.EqualTo(nameof(SlimLimits.MaxObjects)));
    }

    [Test]
    public void Serialize_SmallMessageAfterABigOne_DoesNotKeepTheBigGraphAlive()
    {
        SlimSerializer slim = RoundTrip.NewSerializer();
        WeakReference big = SerializeBigGraph(slim);
        InlineHolder small = new() { First = "x" };
        Assert.That(slim.Deserialize<InlineHolder>(slim.Serialize(small)).First, Is.EqualTo("x"));

        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();

        Assert.That(big.IsAlive, Is.False, "the pooled session still references the previous message's objects");
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static WeakReference SerializeBigGraph(SlimSerializer slim)
    {
        var nodes = Enumerable.Range(0, 5_000).Select(i => new Node { Name = "n" + i }).ToList();
        var root = new Node { Name = "root", Children = nodes };
        slim.Serialize(root);
        return new WeakReference(root);
    }

    [Test]
    public void Deserialize_SmallMessageAfterABigOne_DoesNotKeepTheBigGraphAlive()
    {
        SlimSerializer slim = RoundTrip.NewSerializer();
        (WeakReference node, WeakReference name) = DeserializeBigGraph(slim);
        InlineHolder small = new() { First = "x" };
        Assert.That(slim.Deserialize<InlineHolder>(slim.Serialize(small)).First, Is.EqualTo("x"));

        for (int i = 0; i < 10 && (node.IsAlive || name.IsAlive); i++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
        }

        Assert.That(node.IsAlive, Is.False, "the pooled read session still references the previous message's objects");
        Assert.That(name.IsAlive, Is.False, "the pooled read session still references the previous message's strings");
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static (WeakReference Node, WeakReference Name) DeserializeBigGraph(SlimSerializer slim)
    {
        var nodes = Enumerable.Range(0, 5_000).Select(i => new Node { Name = "n" + i }).ToList();
        byte[] bytes = slim.Serialize(new Node { Name = "root", Children = nodes });
        Node read = slim.Deserialize<Node>(bytes);
        Assert.That(read.Children!.Count, Is.EqualTo(5_000));
        Node last = read.Children[^1];
        Assert.That(last.Name, Is.EqualTo("n4999"));
        return (new WeakReference(last), new WeakReference(last.Name));
    }

    [Test]
    public void Serialize_ManyTypesInOneMessage_RoundTripsInBothRegistryModes()
    {
        object[] value =
        [
            new Node { Name = "a" }, new Perzon { FirstName = "p" }, new Circle(), new Square(), new Dog(), new Drawing(),
            new Derived(), new Holder(), new KeyObject(3), new AlwaysEqual(), new InlineHolder(),
            new List<Node>(), new Dictionary<int, Node>(), new HashSet<string>(), 5L, 'c', (short)2,
        ];
        RoundTrip.Check(value);

        SlimSerializer writer = RoundTrip.NewSerializer(SlimOptions.Default with { RegistryMode = TypeRegistryMode.Batch });
        SlimSerializer reader = RoundTrip.NewSerializer(SlimOptions.Default with { RegistryMode = TypeRegistryMode.Batch });
        for (int i = 0; i < 3; i++)
        {
            GraphAssert.AreEquivalent(value, reader.Deserialize<object[]>(writer.Serialize(value)));
        }
    }
}
