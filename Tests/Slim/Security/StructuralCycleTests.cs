using System.Collections.Immutable;
using System.Reflection;
using NFX.Slim;
using NFX.Tests.Security.Support;
using NFX.Tests.Slim.Support;
using NFX.Tests.Support;

namespace NFX.Tests.Security;

/// <summary>
/// A cycle through values whose equality, hashing or ToString follow one another (a tuple holding a
/// boxed ValueTuple holding the tuple, an exception that is its own InnerException) made the reader's hashed fills, or
/// the caller's first GetHashCode, overflow the stack and kill the process. The writer writes such graphs (they are
/// built here by reflection); the reader must refuse them, naming the members, before any code touches them. Graphs
/// whose cycles pass through an object that compares by reference stay readable.
/// </summary>
public sealed class StructuralCycleTests
{
    private static readonly FieldInfo s_tupleItem = typeof(Tuple<object>).GetField("m_Item1", BindingFlags.Instance | BindingFlags.NonPublic)!;
    private static readonly FieldInfo s_inner = typeof(Exception).GetField("_innerException", BindingFlags.Instance | BindingFlags.NonPublic)!;

    /// <summary>
    /// Tuple&lt;object&gt; -> boxed ValueTuple&lt;object&gt; -> the tuple, after <paramref name="place"/> put the tuple
    /// where it is hashed or compared (the cycle is closed after that: hashing it closed would overflow this process).
    /// </summary>
    private static Tuple<object> TupleThroughBox(Action<Tuple<object>>? place = null)
    {
        var tuple = new Tuple<object>(null!);
        place?.Invoke(tuple);
        s_tupleItem.SetValue(tuple, new ValueTuple<object>(tuple));
        return tuple;
    }

    private static Func<object> Holding<T>(Func<T> create, Action<T, Tuple<object>> add) where T : notnull => () =>
    {
        T collection = create();
        TupleThroughBox(tuple => add(collection, tuple));
        return collection;
    };

    /// <summary>A chain of <paramref name="length"/> tuples, each boxed ValueTuple -> tuple, back to the first.</summary>
    private static Tuple<object> LongCycle(int length)
    {
        var first = new Tuple<object>(null!);
        Tuple<object> last = first;
        for (int i = 1; i < length; i++)
        {
            var next = new Tuple<object>(null!);
            s_tupleItem.SetValue(last, new KeyValuePair<object, int>(next, i));
            last = next;
        }
        s_tupleItem.SetValue(last, new ValueTuple<object, string>(first, "back"));
        return first;
    }

    public static IEnumerable<TestCaseData> CyclicGraphs()
    {
        yield return new TestCaseData(Holding(() => new HashSet<object>(), (set, t) => set.Add(t))).SetName("HashSet element: Tuple -> ValueTuple box -> Tuple");
        yield return new TestCaseData(Holding(() => new Dictionary<object, int>(), (d, t) => d[t] = 1)).SetName("Dictionary key");
        yield return new TestCaseData(Holding(() => new object[1], (a, t) => a[0] = ImmutableHashSet.Create<object>(t))).SetName("ImmutableHashSet element");
        yield return new TestCaseData(Holding(() => new SortedSet<object>(), (set, t) => set.Add(t))).SetName("SortedSet element");
        yield return new TestCaseData((Func<object>)(() => TupleThroughBox())).SetName("Returned as the root");
        yield return new TestCaseData((Func<object>)(() => new object[] { LongCycle(300) })).SetName("A cycle of 300 tuples through KeyValuePair boxes");
        yield return new TestCaseData((Func<object>)(() =>
        {
            var exception = new InvalidOperationException("self");
            s_inner.SetValue(exception, exception);
            return exception;
        })).SetName("Exception that is its own InnerException");
        yield return new TestCaseData((Func<object>)(() =>
        {
            var aggregate = new AggregateException("outer", new Exception("a"));
            var inners = (Exception[])typeof(AggregateException).GetField("_innerExceptions", BindingFlags.Instance | BindingFlags.NonPublic)!.GetValue(aggregate)!;
            inners[0] = aggregate;
            return aggregate;
        })).SetName("AggregateException among its own InnerExceptions");
        yield return new TestCaseData((Func<object>)(() =>
        {
            var exception = new Exception("data");
            TupleThroughBox(tuple => exception.Data[tuple] = 1);
            return exception;
        })).SetName("Exception.Data key");
    }

    [TestCaseSource(nameof(CyclicGraphs))]
    public void CycleThroughValues_IsRefusedWithTheMembers_PerCallAndBatch(Func<object> build)
    {
        foreach (TypeRegistryMode mode in new[] { TypeRegistryMode.PerCall, TypeRegistryMode.Batch })
        {
            var writer = new SlimSerializer(SlimOptions.Default with { RegistryMode = mode });
            var reader = new SlimSerializer(SlimOptions.Default with { RegistryMode = mode });
            byte[] bytes = writer.Serialize(build());
            long before = GC.GetAllocatedBytesForCurrentThread();
            var error = Assert.Throws<SlimDeserializationException>(() => reader.Deserialize(bytes), mode.ToString());
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.That(error!.Message, Does.Contain("cycle of values that compare, hash and print each other"));
            Assert.That(error.Message, Does.Match(@"\.(m_Item1|Item1|key|_innerException|_innerExceptions\[0\])"), "names the member");
            Assert.That(FuzzOracle.Verdict(error), Is.Null, "a documented exception, not a wrapped runtime one");
            Assert.That(allocated, Is.LessThan(4L << 20), "allocation while refusing");
        }
    }

    [Test]
    public void CycleThroughValues_NamesEveryLinkOfTheCycle()
    {
        var slim = new SlimSerializer();
        var error = Assert.Throws<SlimDeserializationException>(() => slim.Deserialize(slim.Serialize(TupleThroughBox())));
        Assert.That(error!.Message, Does.Contain(
            "System.Tuple`1 @System.Private.CoreLib[System.Object @System.Private.CoreLib].m_Item1 -> " +
            "(boxed) System.ValueTuple`1 @System.Private.CoreLib[System.Object @System.Private.CoreLib].Item1 -> the same System.Tuple`1"));
    }

    [Test]
    public void LongAcyclicChainOfValues_IsRefusedByMaxStructuralDepth_AndAdmittedWhenRaised()
    {
        // 400 tuples nested through boxes: no cycle, but hashing recurses 800 values deep.
        object chain = "end";
        for (int i = 0; i < 400; i++)
        {
            chain = new Tuple<object>(new ValueTuple<object>(chain));
        }
        var slim = new SlimSerializer();
        byte[] bytes = slim.Serialize(new HashSet<object> { chain });
        var error = Assert.Throws<SlimLimitExceededException>(() => slim.Deserialize(bytes));
        Assert.That(error!.LimitName, Does.StartWith(nameof(SlimLimits.MaxStructuralDepth)));
        Assert.That(error.Maximum, Is.EqualTo(SlimLimits.Default.MaxStructuralDepth));
        Assert.That(error.Requested, Is.EqualTo(SlimLimits.Default.MaxStructuralDepth + 1), "stops at the first chain past the limit");
        Assert.That(error.Message, Does.Contain("SlimOptions.Limits.MaxStructuralDepth"));

        var raised = new SlimSerializer(SlimOptions.Default with { Limits = SlimLimits.Default with { MaxStructuralDepth = 800 } });
        var copy = (HashSet<object>)raised.Deserialize(bytes)!;
        Assert.That(copy.Single(), Is.EqualTo(chain), "structurally equal, found by its hash");
    }

    public static IEnumerable<TestCaseData> ReadableGraphs()
    {
        yield return new TestCaseData((Func<object>)(() =>
        {
            var node = new Holder();
            node.Value = new ValueTuple<object>(node);
            return new object[] { node, node.Value };
        })).SetName("A cycle through an ordinary object and a box");
        yield return new TestCaseData((Func<object>)(() =>
        {
            var exception = new Exception("in its own data");
            exception.Data["self"] = exception;
            return exception;
        })).SetName("An exception in its own Data");
        yield return new TestCaseData((Func<object>)(() =>
        {
            var array = new object[2];
            array[0] = array;
            array[1] = new Tuple<object>(array);
            return array;
        })).SetName("A tuple holding an array that holds the tuple");
        yield return new TestCaseData((Func<object>)(() =>
        {
            var set = new HashSet<object>();
            object chain = "end";
            for (int i = 0; i < 200; i++)
            {
                chain = new Tuple<object, int>(new KeyValuePair<string, object>("k", chain), i);
            }
            set.Add(chain);
            return set;
        })).SetName("A chain of 400 values, under the limit, in a HashSet");
    }

    [TestCaseSource(nameof(ReadableGraphs))]
    public void GraphsWhoseCyclesPassThroughReferenceEquality_StillRoundTrip(Func<object> build)
    {
        object value = build();
        SlimSerializer slim = Corpus.NewSerializer();
        object? copy = slim.Deserialize(slim.Serialize(value));
        GraphAssert.AreEquivalent(value, copy);
    }

    [Test]
    public void QueuedArrayHeaders_CannotPromiseMoreThanTheBytesLeftTogether()
    {
        // Inside an ImmutableList<object>, each object[] is allocated when announced while its body
        // waits in the queue, and each length was checked against the bytes left alone: 1,000 arrays of 40,000
        // elements over 45 KB of input asked for 320 MB.
        var slim = new SlimSerializer();
        byte[] bytes = QueuedArrays(slim, arrays: 1000, declaredLength: 40_000, bodyBytes: 40_000);
        long before = GC.GetAllocatedBytesForCurrentThread();
        var error = Assert.Throws<SlimFormatException>(() => slim.Deserialize(bytes));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.That(error!.Message, Does.Contain("promised to objects whose bodies come later"));
        Assert.That(allocated, Is.LessThan(2L << 20), $"allocated {allocated:N0} bytes for {bytes.Length:N0} of input");
    }

    [Test]
    public void QueuedArrayHeaders_WhoseBodiesAreAllThere_AreRead()
    {
        var slim = new SlimSerializer();
        byte[] bytes = QueuedArrays(slim, arrays: 50, declaredLength: 20, bodyBytes: 50 * 20);
        var list = (ImmutableList<object>)slim.Deserialize(bytes)!;
        Assert.That(list, Has.Count.EqualTo(50));
        Assert.That(list.Select(a => ((object?[])a).Length), Is.All.EqualTo(20));
        Assert.That(list.SelectMany(a => (object?[])a), Is.All.Null);
    }

    [Test]
    public void QueuedArrayHeaders_OneByteStream_ReadsTheSame()
    {
        var slim = new SlimSerializer();
        byte[] bytes = QueuedArrays(slim, arrays: 50, declaredLength: 20, bodyBytes: 50 * 20);
        var list = (ImmutableList<object>)slim.Deserialize(new OneByteStream(bytes))!;
        Assert.That(list, Has.Count.EqualTo(50));
        Assert.Throws<SlimFormatException>(() => slim.Deserialize(new OneByteStream(QueuedArrays(slim, 100, 500, 1000))));
    }

    /// <summary>
    /// An ImmutableList&lt;object&gt; of <paramref name="arrays"/> object[] of <paramref name="declaredLength"/> each (their
    /// bodies queued), then <paramref name="bodyBytes"/> null handles for those bodies.
    /// </summary>
    private static byte[] QueuedArrays(SlimSerializer slim, int arrays, int declaredLength, int bodyBytes) =>
        Wire.Message(slim, w =>
        {
            w.WriteVarUInt32(Wire.NewWithType);
            Wire.GenericType(w, Wire.BuiltInCount, Wire.TImmutableList, Wire.TObject);
            w.WriteVarUInt32((uint)arrays);
            for (int i = 0; i < arrays; i++)
            {
                Wire.New(w, Wire.TObjectArray);
                w.WriteVarUInt32((uint)declaredLength);
            }
            w.WriteRawBytes(new byte[bodyBytes]); // handle 0: null
        });

    private sealed class Holder
    {
        public object? Value;
    }

    [Test]
    public void DeclaredStructuralType_CycleThroughItsFields_RefusedWhileUndeclaredReadsIt()
    {
        // An ordinary class whose hash follows its field: Slim cannot tell from its shape, its options can.
        var key = new HashingHolder();
        var set = new HashSet<object> { key };
        key.Value = key;
        var policy = SlimTypePolicy.Default.AllowTypes(typeof(HashingHolder));
        var declared = new SlimSerializer(SlimOptions.Default with { TypePolicy = policy, StructuralTypes = t => t == typeof(HashingHolder) });

        var error = Assert.Throws<SlimDeserializationException>(() => declared.Deserialize(declared.Serialize(set)));

        Assert.That(error!.Message, Does.Contain("HashingHolder").And.Contain(".Value -> the same"));
        // The same bytes as a list (nothing hashes them) are read by both: only the check differs, not the format.
        var plain = new SlimSerializer(SlimOptions.Default with { TypePolicy = policy });
        key.Value = null;
        var list = new List<object> { key };
        key.Value = key;
        Assert.That(((HashingHolder)((List<object>)plain.Deserialize(plain.Serialize(list))!)[0]).Value, Is.Not.Null);
    }

    private sealed class HashingHolder
    {
        public object? Value;

        public override bool Equals(object? obj) => obj is HashingHolder other && Equals(Value, other.Value);

        public override int GetHashCode() => Value?.GetHashCode() ?? 0;
    }
}
