using NFX.IO;
using NFX.Slim;
using NFX.Slim.CodeGen;
using NFX.Slim.Generated;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// The codecs the source generator wrote for this assembly's models (Support/GeneratedRoots.cs and the calls of the
/// suite): used where they write the runtime codec's bytes, never where they would not, and the same bytes either way.
/// </summary>
public sealed class GeneratedCodecTests
{
    private static SlimOptions Options(bool generated) => SlimOptions.Default with
    {
        TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(GeneratedCodecTests).Assembly).AllowTypes(typeof(Golden.Node)),
        UseGeneratedCodecs = generated,
    };

    [TestCase(typeof(Perzon))]
    [TestCase(typeof(Node))]
    [TestCase(typeof(Derived))]
    [TestCase(typeof(WithReadonly))]
    [TestCase(typeof(AllTypesTests.AllTypes))]
    [TestCase(typeof(Golden.Node))]
    public void Codec_TypeTheGeneratorReached_IsGeneratedOnlyWhenAllowed(Type type)
    {
        Assert.That(SlimGeneratedCodecs.Contains(type), Is.True, "the generator wrote no codec");
        Assert.That(new SlimSerializer(Options(true)).Codecs.Get(type), Is.InstanceOf<ObjectCodec>().With.Property(nameof(ObjectCodec.IsGenerated)).True);
        Assert.That(new SlimSerializer(Options(false)).Codecs.Get(type), Is.InstanceOf<ObjectCodec>().With.Property(nameof(ObjectCodec.IsGenerated)).False);
    }

    [TestCaseSource(typeof(GoldenMessageTests), nameof(GoldenMessageTests.Examples))]
    public void Serialize_DocumentedExample_BothPathsWriteTheGoldenBytes(object value, string hex)
    {
        foreach (bool generated in new[] { true, false })
        {
            var slim = new SlimSerializer(Options(generated));
            Assert.That(Convert.ToHexString(slim.Serialize(value)), Is.EqualTo(hex), generated ? "generated" : "runtime");
            GraphAssert.AreEquivalent(value, slim.Deserialize(Convert.FromHexString(hex)));
        }
    }

    [TestCase(TypeRegistryMode.PerCall, SlimVersioning.Strict)]
    [TestCase(TypeRegistryMode.Batch, SlimVersioning.Strict)]
    [TestCase(TypeRegistryMode.PerCall, SlimVersioning.Tolerant)]
    [TestCase(TypeRegistryMode.Batch, SlimVersioning.Tolerant)]
    public void Serialize_MessagesInEveryMode_BothPathsWriteTheSameBytesAndReadEachOther(TypeRegistryMode mode, SlimVersioning versioning)
    {
        SlimOptions Mode(bool generated) => Options(generated) with { RegistryMode = mode, Versioning = versioning };
        SlimSerializer generatedWriter = new(Mode(true)), runtimeWriter = new(Mode(false));
        SlimSerializer generatedReader = new(Mode(true)), runtimeReader = new(Mode(false));
        foreach (object message in Messages())
        {
            byte[] generated = generatedWriter.Serialize(message);
            byte[] runtime = runtimeWriter.Serialize(message);
            Assert.That(Convert.ToHexString(generated), Is.EqualTo(Convert.ToHexString(runtime)), message.GetType().Name);
            // Each reader reads the other path's bytes: a node on generated codecs and one on runtime codecs talk both ways.
            GraphAssert.AreEquivalent(message, generatedReader.Deserialize(runtime));
            GraphAssert.AreEquivalent(message, runtimeReader.Deserialize(generated));
        }
    }

    [Test]
    public void Serialize_StringFieldsOfEveryKind_BothPathsWriteTheSameBytes()
    {
        // Generated string fields go through one out-of-line writer: null, new, a back-reference, non-ASCII, long.
        string shared = "shared", longText = new('x', 300);
        var value = new Perzon
        {
            FirstName = shared,
            MiddleName = null,
            LastName = "Zo\u00eb \ud83d\ude00",
            Parent = new Perzon { FirstName = shared, LastName = longText },
            Names1 = [shared, "", longText, "\ud800"],
            Names2 = [null!, "a"],
        };
        byte[] generated = new SlimSerializer(Options(true)).Serialize(value);
        byte[] runtime = new SlimSerializer(Options(false)).Serialize(value);
        Assert.That(Convert.ToHexString(generated), Is.EqualTo(Convert.ToHexString(runtime)));
        Perzon copy = new SlimSerializer(Options(true)).Deserialize<Perzon>(generated);
        Assert.That(copy.Parent!.FirstName, Is.SameAs(copy.FirstName), "a repeated string is a back-reference");
        Assert.That(copy.Names1, Is.EqualTo(new[] { shared, "", longText, "\ufffd" }));
        Assert.That(copy.Names2, Is.EqualTo(new[] { null, "a" }));
        Assert.That(copy.LastName, Is.EqualTo("Zo\u00eb \ud83d\ude00"));
    }

    [Test]
    public void Serialize_FormatVersion1_BothPathsWriteTheSameBytes()
    {
        foreach (object message in Messages())
        {
            byte[] generated = new SlimSerializer(Options(true) with { WriteFormatVersion = SlimFormatVersion.Version1 }).Serialize(message);
            byte[] runtime = new SlimSerializer(Options(false) with { WriteFormatVersion = SlimFormatVersion.Version1 }).Serialize(message);
            Assert.That(generated, Is.EqualTo(runtime), message.GetType().Name);
        }
    }

    [TestCase(true, 0)]
    [TestCase(false, 1)]
    public void DeepClone_GeneratedTypes_CloneWithoutCompilingAndKeepTheGraph(bool generated, int leastCompiled)
    {
        // Classes of generated codecs only (no collection): a cycle, a base class's private fields, readonly structs.
        var node = new Golden.Node { Name = "a" };
        node.Next = new Golden.Node { Name = "b", Next = node };
        object[] graphs = [node, new Derived(), new WithReadonly(7, "seven", new ReadonlyPair(1, "one")), new PointHolder { At = new Point { X = 1, Label = "p" } }];
        var slim = new SlimSerializer(Options(generated));
        int before = NFX.Slim.Cloning.LazyCloneFunctor.CompiledOnThisThread;
        foreach (object graph in graphs)
        {
            object clone = slim.DeepClone(graph)!;
            Assert.That(clone, Is.Not.SameAs(graph));
            GraphAssert.AreEquivalent(graph, clone);
        }
        int compiled = NFX.Slim.Cloning.LazyCloneFunctor.CompiledOnThisThread - before;
        Assert.That(compiled, generated ? Is.EqualTo(0) : Is.GreaterThanOrEqualTo(leastCompiled));
        var copy = (Golden.Node)slim.DeepClone((object)node)!;
        Assert.That(copy.Next!.Next, Is.SameAs(copy), "the cycle closes on the clone");
    }

    [Test]
    public void Codec_FormatMakingAFieldTypeNative_FallsBackToTheRuntimeCodec()
    {
        // Point is written field by field by the default format; a format that makes it native writes other bytes, which
        // only the runtime codec (built from that format) knows.
        var options = Options(true) with { Format = StreamerFormat.Default.With<Point, PointCodec>() };
        var slim = new SlimSerializer(options);
        Assert.That(slim.Codecs.Get(typeof(PointHolder)), Is.InstanceOf<ObjectCodec>().With.Property(nameof(ObjectCodec.IsGenerated)).False);
        Assert.That(new SlimSerializer(Options(true)).Codecs.Get(typeof(PointHolder)), Is.InstanceOf<ObjectCodec>().With.Property(nameof(ObjectCodec.IsGenerated)).True);
        var value = new PointHolder { At = new Point { X = 3, Y = -4, Label = "p" } };
        byte[] bytes = slim.Serialize(value);
        Assert.That(bytes, Is.EqualTo(new SlimSerializer(options with { UseGeneratedCodecs = false }).Serialize(value)));
        Assert.That(slim.Deserialize<PointHolder>(bytes).At, Is.EqualTo(new Point { X = 3, Y = -4 }), "the format's codec writes X and Y only");
    }

    [Test]
    public void Codec_RegisteredForOtherFields_IsNotUsed()
    {
        // A generated codec whose field list is not the type's (another build of the type) is never used.
        SlimGeneratedCodecs.Register(new StaleCodec());
        Assert.That(SlimGeneratedCodecs.Contains(typeof(NotReached)), Is.True);
        var slim = new SlimSerializer(Options(true));
        Assert.That(slim.Codecs.Get(typeof(NotReached)), Is.InstanceOf<ObjectCodec>().With.Property(nameof(ObjectCodec.IsGenerated)).False);
        // Typed as object, so no call names NotReached and the generator writes no codec of its own for it.
        object value = new NotReached { Value = 9 };
        Assert.That(((NotReached)slim.Deserialize(slim.Serialize(value))!).Value, Is.EqualTo(9));
    }

    [Test]
    public void Deserialize_TruncatedAtEveryByte_GeneratedPathRefusesWithSlimExceptions()
    {
        var slim = new SlimSerializer(Options(true));
        byte[] bytes = slim.Serialize(Perzons());
        for (int length = 0; length < bytes.Length; length++)
        {
            byte[] cut = bytes[..length];
            Assert.That(() => slim.Deserialize<List<Perzon>>(cut), Throws.InstanceOf<SlimException>(), $"cut at {length}");
        }
    }

    private static IEnumerable<object> Messages()
    {
        var node = new Node { Name = "a", Payload = 42, Children = [] };
        node.Next = new Node { Name = "b", Next = node, Other = node };
        node.Children.Add(node.Next);
        yield return node;
        yield return Perzons();
        yield return new AllTypesTests.AllTypes { String = "x", NInt = 5, Ints = [1, 2], BoxedDecimal = 2m };
        yield return new WithReadonly(7, "seven", new ReadonlyPair(1, "one"));
        yield return new Derived();
        yield return node; // again: in Batch mode the types are now known to both ends
    }

    private static List<Perzon> Perzons()
    {
        var parent = new Perzon { FirstName = "Ann", LastName = "Lee", Age3 = 40, ID2 = Guid.Parse("a0c5a7f2-0d4e-4f0e-9a39-5a0b3c1d2e3f"), Names1 = ["x", "y"] };
        return [parent, new Perzon { FirstName = "Bo", Parent = parent, Salary2 = 1.5, Names2 = parent.Names1 }, parent];
    }

    public sealed class PointHolder
    {
        public Point At;
    }

    public sealed class NotReached
    {
        public int Value;
    }

    private readonly struct PointCodec : IWireCodec<Point>
    {
        public static void Write(SlimWriter writer, Point value)
        {
            writer.WriteInt32(value.X);
            writer.WriteInt32(value.Y);
        }

        public static Point Read(SlimReader reader) => new() { X = reader.ReadInt32(), Y = reader.ReadInt32() };
    }

    /// <summary>A codec generated for another build of <see cref="NotReached"/> (its field was then named Old).</summary>
    private sealed class StaleCodec() : SlimGeneratedCodec(typeof(NotReached), ["NotReached.Old"], [], [])
    {
        public override void WriteBody(SlimWriter writer, object value, SlimGeneratedWriter references) => throw new AssertionException("used");

        public override void ReadBody(SlimReader reader, object instance, SlimGeneratedReader references) => throw new AssertionException("used");
    }
}
