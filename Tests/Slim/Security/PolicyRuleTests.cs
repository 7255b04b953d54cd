using System.Collections;
using System.Collections.Immutable;
using System.Numerics;
using System.Text;
using NFX.Slim;
using NFX.Tests.Security.Outside;
using NFX.Tests.Security.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Security;

/// <summary>
/// The default type policy, both ways (docs/SECURITY.md, "The default policy, exactly"): what a plain
/// <c>new SlimSerializer()</c> reads, what it refuses, and how each Allow rule widens it, in particular that a broad rule
/// (assembly, namespace, the scope of <c>Deserialize&lt;T&gt;</c>) admitting a generic definition never admits the
/// arguments a payload plugs into it.
/// </summary>
public sealed partial class PolicyRuleTests
{
    private static readonly SlimSerializer s_writer = new(SlimOptions.Default with { TypePolicy = SlimTypePolicy.AllowAll });

    private static byte[] Write(object value) => s_writer.Serialize(value);

    public static IEnumerable<TestCaseData> AllowedByDefault()
    {
        object[] values =
        [
            42, "text", 1.5m, Guid.Empty, DateTime.UnixEpoch, DateTimeOffset.UnixEpoch, TimeSpan.FromSeconds(1), BigInteger.One,
            new Uri("http://example.org/"), new Version(1, 2), DBNull.Value, new[] { 1, 2 }, new[] { "a" }, new object[] { 1, "x" },
            new List<int?> { 1, null }, new Dictionary<string, List<int>> { ["a"] = [1] }, new HashSet<Guid> { Guid.Empty },
            new SortedDictionary<int, string[]> { [1] = ["x"] }, new Queue<decimal>([1m]), ImmutableArray.Create(1, 2),
            ImmutableDictionary.Create<string, int>().Add("k", 1), Tuple.Create(1, "a"), (1, "b", 2.5), new KeyValuePair<int, string>(1, "v"),
            new int[,] { { 1 } }, DayOfWeek.Friday, new ArgumentException("bad", "p"), new InvalidOperationException("x", new TimeoutException()),
            // The comparers StringComparer hands out (checked apart from the other safe types, when a StringComparer is named).
            new Dictionary<string, int>(StringComparer.InvariantCulture) { ["a"] = 1 }, new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "a" },
            new SortedSet<string>(StringComparer.Ordinal) { "a" },
        ];
        return values.Select(v => new TestCaseData(v).SetName("Default allows " + TypeName(v.GetType())));
    }

    [TestCaseSource(nameof(AllowedByDefault))]
    public void Default_SafeBclValue_IsRead(object value)
    {
        object? copy = new SlimSerializer().Deserialize(Write(value));
        GraphAssert.AreEquivalent(value, copy);
    }

    public static IEnumerable<TestCaseData> RefusedByDefault()
    {
        object[] values =
        [
            new Circle { R = 1 }, new NotAllowed(), new StringBuilder("x"), new Lazy<int>(1),
            new WeakReference("x"), new Hashtable { ["a"] = 1 }, new ArrayList { 1 }, new List<Circle>(), new Dictionary<string, Circle[]>(),
            new Circle[1], new Wrapper<int>(), Tuple.Create(new StringBuilder()), new KeyValuePair<string, NotAllowed>("k", new NotAllowed()),
            typeof(int), new SortedSet<string>(new LengthComparer()) { "a" },
        ];
        return values.Select(v => new TestCaseData(v).SetName("Default refuses " + TypeName(v.GetType()) + (v is SortedSet<string> ? " of a StringComparer of its own" : "")));
    }

    [TestCaseSource(nameof(RefusedByDefault))]
    public void Default_TypeOutsideTheRule_IsRefused(object value)
    {
        // Runtime-only objects (streams, tasks, locks) are refused already when written: see ErrorWordingTests.
        byte[] bytes = Write(value);
        var error = Assert.Throws<SlimTypeNotAllowedException>(() => new SlimSerializer().Deserialize(bytes));
        Assert.That(error!.Message, Does.Contain("AllowTypes").Or.Contain("AllowReflectionTypeValues"));
    }

    [Test]
    public void AllowNamespace_AdmitsTheGenericDefinitionButNotForeignArguments()
    {
        var slim = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowNamespace("NFX.Tests.Security.Support") });
        Assert.That(slim.Deserialize(Write(new Wrapper<int> { Value = 3 })), Is.TypeOf<Wrapper<int>>());
        Assert.That(slim.Deserialize(Write(new Wrapper<List<Wrapper<string>>> { Value = [new() { Value = "x" }] })), Is.TypeOf<Wrapper<List<Wrapper<string>>>>());
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(Write(new Wrapper<NotAllowed> { Value = new NotAllowed() })));
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(Write(new Wrapper<StringBuilder>())));
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(Write(new Wrapper<NotAllowed[]>())));
    }

    [Test]
    public void AllowAssembly_AdmitsItsGenericDefinitionsButNotForeignArguments()
    {
        var slim = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(Wrapper<>).Assembly) });
        Assert.That(slim.Deserialize(Write(new Wrapper<NotAllowed>())), Is.TypeOf<Wrapper<NotAllowed>>(), "NotAllowed is in the same assembly");
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(Write(new Wrapper<StringBuilder>())));
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(Write(new Wrapper<WeakReference>())));
    }

    [Test]
    public void AllowTypes_ExactClosedGeneric_IsAdmittedAsListed()
    {
        var slim = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(Wrapper<StringBuilder>)) });
        Assert.That(slim.Deserialize(Write(new Wrapper<StringBuilder>())), Is.TypeOf<Wrapper<StringBuilder>>());
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(Write(new Wrapper<int>())), "only the listed closed type");
    }

    [Test]
    public void KnownTypes_AreAdmitted()
    {
        var options = SlimOptions.Default with { KnownTypes = [typeof(Circle), typeof(Wrapper<NotAllowed>)] };
        var slim = new SlimSerializer(options);
        Assert.That(slim.Deserialize(slim.Serialize(new Circle { R = 2 })), Is.TypeOf<Circle>());
        Assert.That(slim.Deserialize(slim.Serialize(new Wrapper<NotAllowed>())), Is.TypeOf<Wrapper<NotAllowed>>());
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(slim.Serialize(new Square())));
    }

    [Test]
    public void DeserializeOfT_ScopeAssemblyAdmitsConcreteTypesButNotForeignGenericArguments()
    {
        var slim = new SlimSerializer();
        // Wrapper<int>'s assembly is the test assembly: its concrete types are in scope; foreign arguments are not.
        Assert.That(slim.Deserialize<Wrapper<int>>(Write(new Wrapper<int> { Value = 1 })), Is.TypeOf<Wrapper<int>>());
        var holder = new Holder { Value = new Wrapper<StringBuilder>() };
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize<Holder>(Write(holder)));
        Assert.That(slim.Deserialize<Holder>(Write(new Holder { Value = new Square { Side = 1 } })).Value, Is.TypeOf<Square>());
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize<Holder>(Write(new Holder { Value = new StringBuilder() })));
    }

    [Test]
    public void DeserializeOfT_DoesNotWidenThePlainDeserialize()
    {
        var slim = new SlimSerializer();
        byte[] bytes = Write(new Holder { Value = new Square() });
        Assert.That(slim.Deserialize<Holder>(bytes).Value, Is.TypeOf<Square>());
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(bytes), "the scope of one call is not remembered");
    }

    [Test]
    public void AllowReflectionTypeValues_AdmitsTypeValuesWhoseTypesAreAllowed()
    {
        var slim = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowReflectionTypeValues() });
        Assert.That(slim.Deserialize(Write(typeof(List<int>))), Is.EqualTo(typeof(List<int>)));
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(Write(typeof(Circle))), "the named type must itself be allowed");
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(Write(typeof(System.Data.DataSet))), "and not deny-listed");
    }

    private static string TypeName(Type type) =>
        type.IsGenericType ? type.Name[..type.Name.IndexOf('`')] + "<" + string.Join(",", type.GetGenericArguments().Select(TypeName)) + ">" : type.Name;

    /// <summary>A StringComparer of the program's own: not one the runtime hands out, so outside the default policy.</summary>
    private sealed class LengthComparer : StringComparer
    {
        public override int Compare(string? x, string? y) => (x?.Length ?? -1).CompareTo(y?.Length ?? -1);

        public override bool Equals(string? x, string? y) => x?.Length == y?.Length;

        public override int GetHashCode(string obj) => obj.Length;
    }
}
