using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Numerics;
using NFX.Slim;
using NFX.Tests.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Security.Support;

/// <summary>One golden payload: what was serialized and the bytes it became.</summary>
public sealed record CorpusEntry(string Name, object Value, byte[] Bytes)
{
    public override string ToString() => Name;
}

/// <summary>
/// Realistic payloads built from the Slim test models: every kind of codec (fields, polymorphism, cycles, arrays,
/// multi-dimensional arrays, collections with deferred fills, immutable and inline values, ISerializable, exceptions,
/// user serializers, callbacks, enums, strings). The seeds of the truncation tests and of the mutation fuzzer.
/// </summary>
public static class Corpus
{
    private static readonly Lazy<CorpusEntry[]> s_entries = new(Build);

    /// <summary>The options every corpus payload is written and read with: the safe default policy plus the test assembly.</summary>
    public static SlimOptions Options { get; } = SlimOptions.Default with
    {
        TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(Corpus).Assembly).AllowReflectionTypeValues(),
        Serializers = [new MoneySerializer()],
    };

    public static SlimSerializer NewSerializer(SlimLimits? limits = null, SlimTypePolicy? policy = null) =>
        new(Options with { Limits = limits ?? SlimLimits.Default, TypePolicy = policy ?? Options.TypePolicy });

    public static IReadOnlyList<CorpusEntry> Entries => s_entries.Value;

    private static CorpusEntry[] Build()
    {
        SlimSerializer slim = NewSerializer();
        // The same graphs with member lists instead of fingerprints: readers read both, so the fuzzer and the truncation
        // tests cover the version-tolerant layout header too.
        var tolerant = new SlimSerializer(Options with { Versioning = SlimVersioning.Tolerant });
        string[] tolerantSeeds = ["perzon", "node-ring", "drawing", "generics", "chain"];
        return
        [
            .. Values().Select(v => new CorpusEntry(v.Name, v.Value, slim.Serialize(v.Value))),
            .. Values().Where(v => tolerantSeeds.Contains(v.Name)).Select(v => new CorpusEntry(v.Name + "-tolerant", v.Value, tolerant.Serialize(v.Value))),
        ];
    }

    private static IEnumerable<(string Name, object Value)> Values()
    {
        var parent = new Perzon { FirstName = "Ann", LastName = "Lee", Age1 = 70, Salary2 = 1.5, ID2 = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e") };
        yield return ("perzon", new Perzon
        {
            FirstName = "Bob", MiddleName = "Q", LastName = "Lee", Parent = parent, Age1 = 40, Age2 = -3, Age3 = 12, Age4 = int.MinValue,
            Salary1 = 123456.78, ID1 = new Guid("7c9e6679-7425-40de-944b-e07fc1f90ae7"), ID3 = Guid.Empty, Names1 = ["a", "b", null!], Names2 = [],
        });

        var ring = Enumerable.Range(0, 4).Select(i => new Node { Name = "n" + i }).ToArray();
        for (int i = 0; i < ring.Length; i++)
        {
            ring[i].Next = ring[(i + 1) % ring.Length];
            ring[i].Other = ring[(i + 2) % ring.Length];
        }
        ring[0].Payload = new object[] { 42, 12.5m, new DateTime(2020, 1, 2, 3, 4, 5, DateTimeKind.Utc), "text", new[] { 1, 2, 3 }, ring[3] };
        ring[1].Children = [ring[1], ring[2], new Node { Name = "leaf" }];
        yield return ("node-ring", ring[0]);

        var circle = new Circle { R = 2 };
        yield return ("drawing", new Drawing
        {
            Main = circle, Shapes = [new Square { Side = 3 }, circle, null!, new Circle { R = 0.5 }], Pet = new Dog { Name = "Rex", Barks = 3 },
            Anything = new Point { X = 1, Y = -2, Label = "p" },
        });

        var customer = new Customer("Acme", 3);
        customer.Orders.Add(new Order(1, customer, 10.5m));
        customer.Orders.Add(new Order(2, customer, 0m));
        yield return ("customer-orders", customer);

        yield return ("dictionaries", new object[]
        {
            new Dictionary<string, List<int?>> { ["a"] = [1, null, 3], ["b"] = [] },
            new Dictionary<KeyObject, string> { [new KeyObject(1)] = "one", [new KeyObject(2)] = "two" },
            new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase) { ["X"] = 1, ["y"] = 2 },
            new SortedDictionary<int, string> { [3] = "c", [1] = "a" },
            new SortedList<string, int> { ["b"] = 2, ["a"] = 1 },
            new ConcurrentDictionary<int, string>(new Dictionary<int, string> { [5] = "five" }),
        });

        var linked = new LinkedList<Node>();
        linked.AddLast(ring[2]);
        linked.AddLast(new Node { Name = "ll" });
        yield return ("sets-sequences", new object[]
        {
            new HashSet<int> { 1, 2, 3 }, new HashSet<KeyObject> { new(7), new(8) }, new SortedSet<string> { "z", "a" },
            new Queue<string>(["q1", "q2"]), new Stack<int>([1, 2]), linked, new ObservableCollection<int> { 4, 5 },
        });

        yield return ("immutables", new object[]
        {
            ImmutableList.Create("a", "b"), ImmutableArray.Create(1, 2), ImmutableDictionary.Create<string, int>().Add("k", 1),
            ImmutableHashSet.Create(1, 2, 3), ImmutableSortedSet.Create(3, 1), ImmutableQueue.Create(1), ImmutableStack.Create("s"),
        });

        object[] selfReferencing = new object[2];
        selfReferencing[0] = selfReferencing;
        selfReferencing[1] = "x";
        string shared = "shared";
        yield return ("arrays", new object[]
        {
            new[] { 1, -1, int.MaxValue }, new[] { shared, null!, shared }, selfReferencing, new[,] { { 1, 2 }, { 3, 4 } },
            new[] { new[] { ring[3] }, [] }, new[] { new Point { X = 5, Label = "q" } }, new[] { 1.1m }, new[] { Guid.Empty },
            new byte[] { 0, 255 }, new[] { long.MinValue }, new[] { double.NaN }, new[] { true, false },
        });

        var exception = new ArgumentException("bad argument", "param", new InvalidOperationException("inner"));
        exception.Data["k"] = 42;
        exception.Data["s"] = "v";
        yield return ("exception", exception);

        yield return ("strings", new object?[] { "", "ascii", "ünïcödé ✓ 😀", new string('z', 300), shared, shared, null }!);

        yield return ("values", new object[]
        {
            ByteEnum.B, LongEnum.Min, ULongEnum.Big, ShortEnum.B, Permissions.Read | Permissions.Write, (int?)5,
            new DateTimeOffset(2021, 3, 4, 5, 6, 7, TimeSpan.FromHours(2)), TimeSpan.FromMinutes(-3), BigInteger.Pow(3, 70),
            new Version(1, 2, 3), new Uri("https://example.org/a?b=c"), 'c', (short)-5, (Half)1.5, 1.5f, Int128.MaxValue,
            new DateOnly(2022, 2, 2), new TimeOnly(13, 14), typeof(List<int>),
        });

        var money = new Money("EUR", 12.34m);
        yield return ("custom-serializer", new object[] { money, money, new Holder { Value = money } });

        var serializable = new CustomSerializable { Label = "c", Node = ring[1] };
        serializable.Self = serializable;
        yield return ("iserializable", new object[] { serializable, ring[1] });

        yield return ("callbacks", new object[] { new WithCallbacks { Value = 3 }, new CallbackRecorder { Value = 4 } });

        yield return ("readonly", new WithReadonly(7, "seven", new ReadonlyPair(1, "b")));

        yield return ("tuples", new object[]
        {
            Tuple.Create(1, "a"), (2, "b"), new KeyValuePair<string, int>("k", 1), (1, 2, 3, 4, 5, 6, 7, 8, 9),
        });

        yield return ("inline-structs", new InlineBox { Value = new InlineBox { Value = new object[] { "deep", new InlineBox() } } });

        yield return ("generics", new object[] { new Entity { Id = 1, Name = "e" }, new Wrapper<List<int>> { Value = [1] } });

        var comparer = new LengthComparer { Salt = 3 };
        var byLength = new Dictionary<string, int>(comparer) { ["a"] = 1, ["bb"] = 2 };
        yield return ("custom-comparers", new object[] { byLength, byLength, comparer, new HashSet<string>(comparer) { "x" }, new SortedSet<string>(comparer) { "yy", "z" } });

        Node head = new() { Name = "chain" };
        Node tail = head;
        for (int i = 0; i < 40; i++)
        {
            tail = tail.Next = new Node { Name = null, Payload = i };
        }
        yield return ("chain", head);
    }
}
