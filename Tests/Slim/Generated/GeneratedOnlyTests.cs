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

    private static Yard NewYard()
    {
        var jar = new Jar { Grams = 90, Flavour = Flavour.Heather, Note = "shared" };
        var first = new Spot(1.5, "gate", Flavour.Acacia, jar);
        var yard = new Yard
        {
            Spots = [first, new Spot(-0.0, null, (Flavour)9, null), first],
            Grid = [new Spot(double.MaxValue, "", Flavour.Heather, jar)],
            ByName = new() { ["north"] = new Spot(3, "n", Flavour.Acacia, new Jar { Grams = 1 }) },
            Pairs = [new Pair { A = first, B = new Spot(4, "b", Flavour.Heather, jar), Count = 7 }, new Pair { A = default, B = null, Count = -1 }],
            Boxed = new Spot(5, "boxed", Flavour.Acacia, jar),
            Maybe = first,
        };
        return yard;
    }

    [Test]
    public void Serialize_GeneratedOnlyStructsInCollectionsArraysBoxesAndStructs_WritesTheRuntimePathsBytesAndEachReadsTheOthers()
    {
        // Structs of the app inside a List, an array, a Dictionary's values, a nullable inside another struct and an
        // object slot: written by the functions the generator registered for them (RegisterStruct), where nothing is compiled.
        Yard yard = NewYard();
        var generatedOnly = new SlimSerializer(Options(true));
        var runtime = new SlimSerializer(Options(false) with { UseGeneratedCodecs = false });
        byte[] bytes = generatedOnly.Serialize(yard);
        byte[] runtimeBytes = runtime.Serialize(yard);

        Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(runtimeBytes)));
        foreach ((SlimSerializer reader, byte[] message) in new[] { (generatedOnly, runtimeBytes), (runtime, bytes) })
        {
            Yard back = reader.Deserialize<Yard>(message);
            Assert.That(Describe(back), Is.EqualTo(Describe(yard)));
            Assert.That(back.Spots[0].Jar, Is.SameAs(back.Grid[0].Jar).And.SameAs(back.Pairs[0].B!.Value.Jar).And.SameAs(((Spot)back.Boxed!).Jar),
                "one jar, shared by structs in a list, an array, a nullable in a struct and a box");
            Assert.That(back.Spots[0].Jar, Is.Not.SameAs(yard.Spots[0].Jar));
        }
        Yard clone = generatedOnly.DeepClone(yard);
        Assert.That(Describe(clone), Is.EqualTo(Describe(yard)));
        Assert.That(clone.Spots[0].Jar, Is.Not.SameAs(yard.Spots[0].Jar).And.SameAs(clone.Pairs[0].B!.Value.Jar));
        Assert.That(clone.Boxed, Is.Not.SameAs(yard.Boxed));
    }

    [Test]
    public void Serialize_GeneratedOnlyBoxedStructTheGeneratorDidNotReach_IsRefusedNamingIt()
    {
        // The boxed Spot above is written because the generator reached Spot; a struct it never reached is refused there.
        var yard = new Yard { Boxed = new Stray { N = 1 } };

        var refused = Assert.Throws<SlimSerializationException>(() => new SlimSerializer(Options(true)).Serialize(yard))!;

        Assert.That(refused.Message, Does.Contain("Stray"));
        Assert.That(new SlimSerializer(Options(false)).Serialize(yard), Is.Not.Empty, "the runtime path writes it");
    }

    [Test]
    public void Serialize_GeneratedOnlyStructHoldingAStructOfAnotherAssembly_IsRefusedNamingTheFieldAndWhatToDo()
    {
        // WithPair is described, but its KeyValuePair field (a struct of the core library) cannot be: refused with the
        // field's path and the way out, not written wrong.
        var holder = new PairHolder { Items = [new WithPair { Pair = new(1, 2) }] };

        var refused = Assert.Throws<SlimSerializationException>(() => new SlimSerializer(Options(true)).Serialize(holder))!;

        Assert.That(refused.Message, Does.Contain("KeyValuePair").And.Contain("Pair").And.Contain("hold the outer value in a field of a class"));
        Assert.That(new SlimSerializer(Options(false)).Serialize(holder), Is.Not.Empty, "the runtime path writes it");
    }

    [Test]
    public void Serialize_GeneratedOnlyPackWithAStructOfTheApp_WritesTheRuntimePathsBytes()
    {
        // A Glue argument pack holding a struct of the app (a method that takes a Spot): its fields through RegisterStruct.
        SlimGeneratedCodecs.RegisterValueTuple<Spot, int, Pair?>();
        Yard yard = NewYard();
        object pack = (yard.Spots[0], 42, (Pair?)yard.Pairs[0]);
        var generatedOnly = new SlimSerializer(Options(true));
        var runtime = new SlimSerializer(Options(false) with { UseGeneratedCodecs = false });

        Assert.That(Convert.ToHexString(generatedOnly.Serialize(pack)), Is.EqualTo(Convert.ToHexString(runtime.Serialize(pack))));
        var back = ((Spot, int, Pair?))generatedOnly.Deserialize(runtime.Serialize(pack))!;
        Assert.That(Describe(back.Item1), Is.EqualTo(Describe(yard.Spots[0])));
        Assert.That(back.Item2, Is.EqualTo(42));
        Assert.That(Describe(back.Item3!.Value), Is.EqualTo(Describe(yard.Pairs[0])));
        Assert.That(back.Item3!.Value.A.Jar, Is.SameAs(back.Item1.Jar), "the shared jar");
    }

    private static string Describe(Yard y) =>
        $"{string.Join(",", y.Spots.Select(Describe))}|{string.Join(",", y.Grid.Select(Describe))}|" +
        $"{string.Join(",", y.ByName.Select(p => p.Key + "=" + Describe(p.Value)))}|{string.Join(",", y.Pairs.Select(Describe))}|" +
        $"{(y.Boxed is Spot boxed ? Describe(boxed) : "not a spot")}|{(y.Maybe is { } maybe ? Describe(maybe) : "null")}";

    private static string Describe(Pair p) => $"({Describe(p.A)};{(p.B is { } b ? Describe(b) : "null")};{p.Count})";

    private static string Describe(Spot s) =>
        $"[{s.X.ToString("R", System.Globalization.CultureInfo.InvariantCulture)}:{s.Label ?? "null"}:{s.Flavour}:{(s.Jar is null ? "-" : Describe(s.Jar))}]";

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
        // A type of no row has none (the serializer makes a user's own native type's codec by reflection, where it can).
        StreamerFormat.Default.TryGetCodec(typeof(int), out NativeTypeCodec? int32);
        foreach (Type type in new[] { typeof(object), typeof(DayOfWeek), typeof(int[,]), typeof(string[]), typeof(DayOfWeek?) })
        {
            Assert.That(BuiltInNativeCodecs.Create(type, int32!), Is.Null, type.Name);
        }
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

/// <summary>A struct of the app with a reference in it (a readonly record struct: its fields are init-only backing fields).</summary>
public readonly record struct Spot(double X, string? Label, Flavour Flavour, Jar? Jar);

/// <summary>A struct holding structs, one of them nullable.</summary>
public struct Pair
{
    public Spot A;
    public Spot? B;
    public int Count;
}

/// <summary>Structs of the app where only registered functions write them without compiling: collections, arrays, a box.</summary>
public sealed class Yard
{
    public List<Spot> Spots = [];
    public Spot[] Grid = [];
    public Dictionary<string, Spot> ByName = [];
    public List<Pair> Pairs = [];
    public object? Boxed;
    public Spot? Maybe;
}

/// <summary>A struct of the app holding a struct of another assembly.</summary>
public struct WithPair
{
    public KeyValuePair<int, int> Pair;
}

/// <summary>Holds structs whose field the generator cannot describe.</summary>
public sealed class PairHolder
{
    public List<WithPair> Items = [];
}

/// <summary>A struct no call of Slim's reaches through a declared type, and no attribute names.</summary>
public struct Stray
{
    public int N;
}

/// <summary>A class no call of Slim's reaches through a declared type, and no attribute names.</summary>
public sealed class Unreached
{
    public int Value;
}
