using NFX.IO;
using NFX.Slim;
using NFX.Slim.CodeGen;
using NFX.Slim.Codecs;
using NFX.Slim.Generated;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// A serializer that builds no codec at run time, as in a NativeAOT app: generated codecs, the generic codecs generated
/// code registered and the built-in native codecs only; the same bytes as the runtime path, and a refusal that names the
/// line to add for anything else.
/// </summary>
public sealed class GeneratedOnlyTests
{
    private static SlimOptions Options(bool generatedOnly) => SlimOptions.Default with
    {
        TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(GeneratedOnlyTests).Assembly),
        GeneratedCodecsOnly = generatedOnly,
    };

    private static Shelf NewShelf()
    {
        var shelf = new Shelf
        {
            Label = "north wall",
            Jars = [new Jar { Grams = 450, Flavour = Flavour.Heather }, new Jar { Grams = -1, Flavour = Flavour.Acacia, Note = "" }],
            ByName = new() { ["first"] = new Jar { Grams = 250 } },
            Counts = new() { [Flavour.Heather] = 3, [Flavour.Acacia] = -7 },
            Flavours = [Flavour.Acacia, Flavour.Heather, (Flavour)77],
            Weights = [1, int.MaxValue],
            Tags = ["a", "b"],
            Pending = new Queue<long>([5, -5]),
            Words = ["x", null, "x"],
        };
        shelf.Jars[0].Shelf = shelf;
        shelf.ByName["again"] = shelf.Jars[1];
        return shelf;
    }

    [Test]
    public void Serialize_GeneratedOnly_WritesTheRuntimePathsBytesAndEachReadsTheOthers()
    {
        Shelf shelf = NewShelf();
        var generatedOnly = new SlimSerializer(Options(true));
        var runtime = new SlimSerializer(Options(false) with { UseGeneratedCodecs = false });
        byte[] bytes = generatedOnly.Serialize(shelf);
        byte[] runtimeBytes = runtime.Serialize(shelf);

        Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(runtimeBytes)));
        foreach ((SlimSerializer reader, byte[] message) in new[] { (generatedOnly, runtimeBytes), (runtime, bytes) })
        {
            Shelf back = reader.Deserialize<Shelf>(message);
            Assert.That(Describe(back), Is.EqualTo(Describe(shelf)));
            Assert.That(back.Jars[0].Shelf, Is.SameAs(back), "the cycle");
            Assert.That(back.ByName["again"], Is.SameAs(back.Jars[1]), "the shared jar");
        }
    }

    [Test]
    public void DeepClone_GeneratedOnly_CopiesTheWholeGraph()
    {
        Shelf shelf = NewShelf();
        Shelf clone = new SlimSerializer(Options(true)).DeepClone(shelf);

        Assert.That(clone, Is.Not.SameAs(shelf));
        Assert.That(clone.Jars[0], Is.Not.SameAs(shelf.Jars[0]));
        Assert.That(Describe(clone), Is.EqualTo(Describe(shelf)));
        Assert.That(clone.Jars[0].Shelf, Is.SameAs(clone));
        Assert.That(clone.ByName["again"], Is.SameAs(clone.Jars[1]));
    }

    [Test]
    public void Serialize_GeneratedOnlyClassWithoutGeneratedCodec_IsRefusedNamingTheAttributeLine()
    {
        var slim = new SlimSerializer(Options(true));
        object unreached = new Unreached { Value = 1 };

        var refused = Assert.Throws<SlimSerializationException>(() => slim.Serialize(unreached))!;

        Assert.That(refused.Message, Does.Contain("[assembly: SlimSerializable(typeof(NFX.Tests.Slim.Generated.Unreached))]"));
        Assert.That(SlimGeneratedCodecs.Contains(typeof(Unreached)), Is.False, "the generator must not have reached the type");
        // The same object is written by a serializer that may build codecs at run time.
        Assert.That(new SlimSerializer(Options(false)).Serialize(unreached), Is.Not.Empty);
    }

    [Test]
    public void Serialize_GeneratedOnlyListOfAnUnreachedElement_IsRefusedNamingTheClosedType()
    {
        var slim = new SlimSerializer(Options(true));
        object list = new List<Unreached>();

        var refused = Assert.Throws<SlimSerializationException>(() => slim.Serialize(list))!;

        Assert.That(refused.Message, Does.Contain("[assembly: SlimSerializable(typeof(System.Collections.Generic.List<NFX.Tests.Slim.Generated.Unreached>))]"));
    }

    [Test]
    public void Serialize_GeneratedOnlyRegisteredValueTuples_WritesTheRuntimePathsBytesAndEachReadsTheOthers()
    {
        // What NFX.Glue's generator registers for argument packs: seven fields (a shared reference twice, a string, an
        // enum, a nullable, a decimal), and nine (the eighth and ninth in the nested Rest pack).
        SlimGeneratedCodecs.RegisterValueTuple<Jar, string, int, Flavour, long?, decimal, Jar>();
        SlimGeneratedCodecs.RegisterValueTuple<string, Jar>();
        SlimGeneratedCodecs.RegisterValueTuple<int, int, int, int, int, int, int, ValueTuple<string, Jar>>();
        Shelf shelf = NewShelf();
        object seven = (shelf.Jars[0], "pack", -7, Flavour.Heather, (long?)null, 12.75m, shelf.Jars[0]);
        object nine = (1, 2, 3, 4, 5, 6, int.MaxValue, "eighth", shelf.Jars[1]);
        var generatedOnly = new SlimSerializer(Options(true));
        var runtime = new SlimSerializer(Options(false) with { UseGeneratedCodecs = false });

        foreach (object pack in new[] { seven, nine })
        {
            byte[] bytes = generatedOnly.Serialize(pack);
            byte[] runtimeBytes = runtime.Serialize(pack);

            Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(runtimeBytes)), pack.GetType().Name);
            foreach ((SlimSerializer reader, byte[] message) in new[] { (generatedOnly, runtimeBytes), (runtime, bytes) })
            {
                object back = reader.Deserialize(message)!;
                Assert.That(back.GetType(), Is.EqualTo(pack.GetType()));
                Assert.That(DescribePack(back), Is.EqualTo(DescribePack(pack)));
            }
        }
        var sevenBack = ((Jar, string, int, Flavour, long?, decimal, Jar))generatedOnly.Deserialize(runtime.Serialize(seven))!;
        Assert.That(sevenBack.Item7, Is.SameAs(sevenBack.Item1), "the shared jar");
        Assert.That(sevenBack.Item1.Shelf!.Jars[0], Is.SameAs(sevenBack.Item1), "the cycle through the shelf");
        var cloned = ((Jar, string, int, Flavour, long?, decimal, Jar))generatedOnly.DeepClone(seven)!;
        Assert.That(cloned.Item1, Is.Not.SameAs(shelf.Jars[0]));
        Assert.That(cloned.Item7, Is.SameAs(cloned.Item1));
        Assert.That(DescribePack(cloned), Is.EqualTo(DescribePack(seven)));
    }

    private static string DescribePack(object pack) => pack switch
    {
        ValueTuple<Jar, string, int, Flavour, long?, decimal, Jar> p =>
            $"{Describe(p.Item1)}|{p.Item2}|{p.Item3}|{p.Item4}|{p.Item5?.ToString() ?? "null"}|{p.Item6}|{Describe(p.Item7)}|{Describe(p.Item1.Shelf!)}",
        ValueTuple<int, int, int, int, int, int, int, ValueTuple<string, Jar>> p =>
            $"{p.Item1},{p.Item2},{p.Item3},{p.Item4},{p.Item5},{p.Item6},{p.Item7}|{p.Rest.Item1}|{Describe(p.Rest.Item2)}",
        _ => "unexpected " + pack.GetType(),
    };

    [Test]
    public void BuiltInNativeCodecs_EveryRowOfTheDefaultFormat_HasAStaticCodecOfItsType()
    {
        int rows = 0;
        foreach (Type type in StreamerFormat.Default.NativeTypes)
        {
            Assert.That(StreamerFormat.Default.TryGetCodec(type, out NativeTypeCodec? row), Is.True);
            SlimCodec? codec = BuiltInNativeCodecs.Create(type, row!);
            Assert.That(codec, Is.Not.Null, type.Name);
            Assert.That(codec!.Type, Is.EqualTo(type));
            Assert.That(codec.GetType().GetGenericTypeDefinition(), Is.EqualTo(typeof(NativeCodec<>)));
            rows++;
        }
        Assert.That(rows, Is.EqualTo(70), "string, then 23 value types, their arrays and their nullables");
    }

    private static string Describe(Shelf s) =>
        $"{s.Label}|{string.Join(",", s.Jars.Select(Describe))}|{string.Join(",", s.ByName.OrderBy(p => p.Key, StringComparer.Ordinal).Select(p => p.Key + "=" + Describe(p.Value)))}|" +
        $"{string.Join(",", s.Counts.OrderBy(p => p.Key).Select(p => $"{p.Key}={p.Value}"))}|{string.Join(",", s.Flavours)}|{string.Join(",", s.Weights)}|" +
        $"{string.Join(",", s.Tags.Order(StringComparer.Ordinal))}|{string.Join(",", s.Pending)}|{string.Join(",", s.Words.Select(w => w ?? "null"))}";

    private static string Describe(Jar j) => $"{j.Grams}:{j.Flavour}:{j.Note ?? "null"}:{(j.Shelf is null ? "-" : "shelf")}";
}

/// <summary>A honey flavour (an enum in arrays, dictionary keys and fields).</summary>
public enum Flavour : short { Acacia = 1, Heather = 2 }

/// <summary>A jar on a shelf: the back reference makes a cycle.</summary>
public sealed class Jar
{
    public int Grams;
    public Flavour Flavour;
    public string? Note;
    public Shelf? Shelf;
}

/// <summary>Collections of every kind the registrations cover.</summary>
public sealed class Shelf
{
    public string Label = "";
    public List<Jar> Jars = [];
    public Dictionary<string, Jar> ByName = [];
    public Dictionary<Flavour, int> Counts = [];
    public Flavour[] Flavours = [];
    public int[] Weights = [];
    public HashSet<string> Tags = [];
    public Queue<long> Pending = new();
    public string?[] Words = [];
}

/// <summary>A class no call of Slim's reaches through a declared type, and no attribute names.</summary>
public sealed class Unreached
{
    public int Value;
}
