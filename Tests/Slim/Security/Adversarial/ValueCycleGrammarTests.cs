using System.Collections.Immutable;
using System.Reflection;
using NFX.IO;
using NFX.Slim;
using NFX.Tests.Security.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Security.Adversarial;

/// <summary>
/// Generated from the format's grammar, for two classes of hostile input: cycles and chains of values whose equality,
/// hashing or ToString follow one another (class (a)), and bodies queued behind headers that allocated for them
/// (class (c)). Each case is random in shape (the link types, the cycle's length, where it sits, the registry mode) but
/// fixed by its seed, and asserts a documented exception or an exact round trip, within time and allocation bounds.
/// </summary>
public sealed class ValueCycleGrammarTests
{
    private const int Cases = 60;
    private const uint TStringArray = 27; // built-in registry handle of string[]

    /// <summary>A record class: compiler-generated equality reads every field.</summary>
    public sealed record RecordLink(object? Next);

    /// <summary>An ordinary class: compares by reference, so a cycle through it ends every recursion.</summary>
    public sealed class PlainLink
    {
        public object? Next;
    }

    /// <summary>The kinds of link: each holds the next object in an object-typed member set after creation (reflection on a box mutates the box).</summary>
    private static readonly (string Name, Func<object> Create, Action<object, object> SetNext)[] s_links =
    [
        ("Tuple<object>", () => new Tuple<object>(null!), Setter(typeof(Tuple<object>), "m_Item1")),
        ("Tuple<int, object>", () => new Tuple<int, object>(7, null!), Setter(typeof(Tuple<int, object>), "m_Item2")),
        ("ValueTuple<object> box", () => new ValueTuple<object>(null!), Setter(typeof(ValueTuple<object>), "Item1")),
        ("KeyValuePair<object, int> box", () => new KeyValuePair<object, int>(null!, 3), Setter(typeof(KeyValuePair<object, int>), "key")),
        ("KeyValuePair<string, object> box", () => new KeyValuePair<string, object>("k", null!), Setter(typeof(KeyValuePair<string, object>), "value")),
        ("ValueTuple<int, (object, string)> box", () => (5, ((object)null!, "s")), (box, next) =>
        {
            // A struct inline in a struct: the walk reaches the nested field.
            FieldInfo outer = typeof(ValueTuple<int, ValueTuple<object, string>>).GetField("Item2")!;
            var inner = (ValueTuple<object, string>)outer.GetValue(box)!;
            inner.Item1 = next;
            outer.SetValue(box, inner);
        }),
        ("record", () => new RecordLink(null), Setter(typeof(RecordLink), "<Next>k__BackingField")),
    ];

    private static Action<object, object> Setter(Type type, string field)
    {
        FieldInfo info = type.GetField(field, BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)!;
        return (owner, next) => info.SetValue(owner, next);
    }

    /// <summary>Where the first link is placed before the cycle is closed (hashed places hash it while it is still open).</summary>
    private static readonly (string Name, Func<object, object> Place)[] s_places =
    [
        ("root", link => link),
        ("HashSet<object>", link => new HashSet<object> { link }),
        ("Dictionary<object, int> key", link => new Dictionary<object, int> { [link] = 1 }),
        ("Dictionary<int, object> value", link => new Dictionary<int, object> { [1] = link }),
        ("SortedSet<object>", link => new SortedSet<object> { link }), // one element: added without a comparison
        ("ImmutableHashSet<object> in an array", link => new object[] { ImmutableHashSet.Create(link) }),
        ("Exception.Data key", link => { var e = new Exception("data"); e.Data[link] = 2; return e; }),
        ("List<object>", link => new List<object> { "before", link }),
    ];

    public static IEnumerable<TestCaseData> Seeds() => Enumerable.Range(1, Cases).Select(seed => new TestCaseData(seed).SetName($"ValueCycle seed {seed}"));

    [TestCaseSource(nameof(Seeds))]
    public void CyclesOfValues_AreRefused_AndTheSameCycleThroughAPlainObjectRoundTrips(int seed)
    {
        var random = new Random(seed);
        int length = random.Next(4) switch { 0 => 1, 1 => 2, 2 => random.Next(3, 20), _ => random.Next(20, 200) };
        var kinds = Enumerable.Range(0, length).Select(_ => s_links[random.Next(s_links.Length)]).ToArray();
        // A cycle of boxes alone cannot exist before its contents: the writer refuses it. One class link makes it writable.
        kinds[0] = s_links.Where(k => !k.Name.EndsWith(" box", StringComparison.Ordinal)).ElementAt(random.Next(3));
        var place = s_places[random.Next(s_places.Length)];
        TypeRegistryMode mode = random.Next(2) == 0 ? TypeRegistryMode.PerCall : TypeRegistryMode.Batch;
        string shape = $"{place.Name} holding a cycle of {length}: {string.Join(" -> ", kinds.Take(6).Select(k => k.Name))}{(length > 6 ? " ..." : "")}, {mode}";

        // Refused: every link follows the next.
        (_, byte[] bytes) = Write(kinds, place.Place, plainAt: -1, mode);
        var reader = new SlimSerializer(Corpus.Options with { RegistryMode = mode });
        Exception? error = Bounded.Read(() => reader.Deserialize(bytes), bytes.Length);
        Assert.That(error, Is.TypeOf<SlimDeserializationException>(), shape);
        Assert.That(error!.Message, Does.Contain("cycle of values that compare, hash and print each other"), shape);
        Assert.That(FuzzOracle.Verdict(error), Is.Null, shape);

        // Read: one link of the same cycle is an ordinary object, which compares by reference.
        (object graph, byte[] broken) = Write(kinds, place.Place, plainAt: random.Next(length), mode);
        var freshReader = new SlimSerializer(Corpus.Options with { RegistryMode = mode });
        object? copy = null;
        Assert.That(Bounded.Read(() => copy = freshReader.Deserialize(broken), broken.Length), Is.Null, shape);
        Assert.That(GraphAssert.FindDifference(graph, copy), Is.Null, shape);
    }

    private static (object Graph, byte[] Bytes) Write((string Name, Func<object> Create, Action<object, object> SetNext)[] kinds, Func<object, object> place, int plainAt, TypeRegistryMode mode)
    {
        var links = new object[kinds.Length];
        var setters = new Action<object, object>[kinds.Length];
        for (int i = 0; i < kinds.Length; i++)
        {
            if (i == plainAt)
            {
                links[i] = new PlainLink();
                setters[i] = (owner, next) => ((PlainLink)owner).Next = next;
            }
            else
            {
                links[i] = kinds[i].Create();
                setters[i] = kinds[i].SetNext;
            }
        }
        object graph = place(links[0]); // hashed while the cycle is still open
        for (int i = 0; i < links.Length; i++)
        {
            setters[i](links[i], links[(i + 1) % links.Length]);
        }
        return (graph, new SlimSerializer(Corpus.Options with { RegistryMode = mode }).Serialize(graph));
    }

    public static IEnumerable<TestCaseData> QueuedSeeds() => Enumerable.Range(1, Cases).Select(seed => new TestCaseData(seed).SetName($"QueuedHeaders seed {seed}"));

    /// <summary>
    /// ImmutableList&lt;object&gt;s (nested up to three deep) of arrays of several element types, each announced with a
    /// length that alone fits the bytes left, some honest (their bodies follow) and some not: either the message is read
    /// exactly or it is refused, and either way the reader allocates no more than a small multiple of the input.
    /// </summary>
    [TestCaseSource(nameof(QueuedSeeds))]
    public void QueuedArrayHeaders_NeverAllocateBeyondTheInput(int seed)
    {
        var random = new Random(seed);
        var slim = new SlimSerializer();
        bool honest = random.Next(3) == 0;
        int arrays = random.Next(2, 400);
        int length = honest ? random.Next(0, 40) : random.Next(1_000, 30_000);
        int nesting = random.Next(1, 4);
        int bodyBytes = honest ? arrays * length : length + random.Next(0, 100);
        byte[] bytes = Wire.Message(slim, w =>
        {
            // nesting ImmutableList<object> headers, the innermost holding the arrays.
            for (int level = 0; level < nesting; level++)
            {
                w.WriteVarUInt32(Wire.NewWithType);
                if (level == 0)
                {
                    Wire.GenericType(w, Wire.BuiltInCount, Wire.TImmutableList, Wire.TObject);
                }
                else
                {
                    w.WriteVarUInt32(Wire.BuiltInCount);
                }
                w.WriteVarUInt32(level == nesting - 1 ? (uint)arrays : 1u);
            }
            for (int i = 0; i < arrays; i++)
            {
                w.WriteVarUInt32(Wire.NewWithType);
                w.WriteVarUInt32(random.Next(2) == 0 ? Wire.TObjectArray : TStringArray);
                w.WriteVarUInt32((uint)length);
            }
            w.WriteRawBytes(new byte[bodyBytes]); // null elements
        });
        object? result = null;
        Exception? error = Bounded.Read(() => result = slim.Deserialize(bytes), bytes.Length, constantBytes: 2L << 20, bytesPerInputByte: 16);
        if (honest)
        {
            Assert.That(error, Is.Null, $"seed {seed}: an honest message");
            object inner = result!;
            for (int level = 1; level < nesting; level++)
            {
                inner = ((ImmutableList<object>)inner)[0];
            }
            Assert.That(((ImmutableList<object>)inner).Select(a => ((Array)a).Length), Is.All.EqualTo(length));
        }
        else
        {
            Assert.That(error, Is.InstanceOf<SlimFormatException>(), $"seed {seed}");
            Assert.That(FuzzOracle.Verdict(error), Is.Null);
        }
    }
}
