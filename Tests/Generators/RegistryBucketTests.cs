using System.Reflection;
using System.Text;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using NFX.Slim;
using NFX.Slim.Generated;
using NFX.Slim.Generators.Emitting;
using NFX.Slim.Generators.Model;

namespace NFX.Tests.Generators;

/// <summary>
/// A registry of many types looks a codec up, and registers type names, by bucket of the type's full name, in methods of
/// a bounded size (so a process's first lookup does not compile and load every type of the app): the generator's bucket
/// of a name is the runtime's, and the bucketed registry answers exactly what one method per registry answered.
/// </summary>
public sealed class RegistryBucketTests
{
    // Classes (each gets a codec), structs and enums (names only), nested ones, non-ASCII names, a long name, and a class
    // of the global namespace: names Type.FullName spells with '+', and whose UTF-16 code units the hashes must agree on.
    private const int Classes = 60;

    private static readonly Lazy<(Assembly Assembly, string Registry)> s_many = new(() =>
    {
        var (result, output, diagnostics) = GeneratorHarness.Run(ManySource(), "ManyModel");
        Assert.That(diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning), Is.Empty);
        Assembly assembly = GeneratorHarness.Load(output);
        System.Runtime.CompilerServices.RuntimeHelpers.RunModuleConstructor(assembly.ManifestModule.ModuleHandle);
        return (assembly, GeneratorHarness.Source(result, "SlimGeneratedCodecRegistry"));
    });

    internal static string ManySource()
    {
        var text = new StringBuilder("using NFX.Slim;\n");
        for (int i = 0; i < Classes; i++)
        {
            text.Append("[assembly: SlimSerializable(typeof(Many.Models.C").Append(i).Append("))]\n");
        }
        text.Append("[assembly: SlimSerializable(typeof(Many.Models.Outer))]\n");
        text.Append("[assembly: SlimSerializable(typeof(Many.Models.Outer.Inner))]\n");
        text.Append("[assembly: SlimSerializable(typeof(Many.Models.Outer.Inner.Innermost))]\n");
        text.Append("[assembly: SlimSerializable(typeof(Many.Ünïcödé.Δέλτα))]\n");
        text.Append("[assembly: SlimSerializable(typeof(Many.Models.AVeryLongClassNameThatGoesOnAndOnToMakeTheHashWalkAFewHundredCodeUnitsOfTextBeforeItEndsXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX))]\n");
        text.Append("[assembly: SlimSerializable(typeof(GlobalOne))]\n");
        text.Append("public sealed class GlobalOne { public int A; }\n");
        text.Append("namespace Many.Ünïcödé { public sealed class Δέλτα { public string? Σ; public Many.Models.E0 E; } }\n");
        text.Append("namespace Many.Models\n{\n");
        for (int i = 0; i < Classes; i++)
        {
            text.Append("    public sealed class C").Append(i).Append(" { public int Id; public string? Name; public S").Append(i % 10)
                .Append(" Point; public E").Append(i % 10).Append(" Kind; public C").Append((i + 1) % Classes).Append("? Next; }\n");
        }
        for (int i = 0; i < 10; i++)
        {
            text.Append("    public struct S").Append(i).Append(" { public int X; public int Y; }\n");
            text.Append("    public enum E").Append(i).Append(" { A, B }\n");
        }
        text.Append("    public sealed class Outer\n    {\n        public int O;\n");
        text.Append("        public sealed class Inner { public int I; public sealed class Innermost { public long L; } }\n    }\n");
        text.Append("    public sealed class AVeryLongClassNameThatGoesOnAndOnToMakeTheHashWalkAFewHundredCodeUnitsOfTextBeforeItEndsXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX { public int V; }\n");
        text.Append("}\n");
        return text.ToString();
    }

    [TestCase("Many.Models.Outer+Inner+Innermost")]
    [TestCase("Many.Ünïcödé.Δέλτα")]
    [TestCase("GlobalOne")]
    [TestCase("")]
    [TestCase("\uD83D\uDE00.Emoji+\u00E9")]
    [TestCase("Many.Models.AVeryLongClassNameThatGoesOnAndOnToMakeTheHashWalkAFewHundredCodeUnitsOfTextBeforeItEndsXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX")]
    public void NameBucket_GeneratorAndRuntime_Agree(string name)
    {
        foreach (int buckets in new[] { 1, 2, 7, 8, 125, 1000, int.MaxValue })
        {
            Assert.That(SlimGeneratedCodecs.NameBucket(name, buckets), Is.EqualTo(TypeNameHash.Bucket(name, buckets)), $"{buckets} buckets");
        }
        // Not a hash that ignores the text: a different name lands elsewhere in some count of buckets.
        Assert.That(new[] { 7, 125, 1000 }.Any(b => SlimGeneratedCodecs.NameBucket(name + "x", b) != SlimGeneratedCodecs.NameBucket(name, b)), Is.True);
        Assert.That(SlimGeneratedCodecs.NameBucket(null, 8), Is.EqualTo(-1));
    }

    [Test]
    public void Registry_ManyTypes_SplitsIntoBoundedMethods()
    {
        string registry = s_many.Value.Registry;
        Assert.That(registry, Does.Contain("NameBucket(type.FullName, "));
        Assert.That(registry, Does.Contain("public override int TypeNameBuckets => "));
        // Every method names a bounded number of types: none of them all.
        string[] methods = Regex.Split(registry, @"\n        (?:public|private|internal) ");
        int most = methods.Max(m => Regex.Matches(m, @"typeof\(").Count);
        Assert.That(most, Is.GreaterThan(0).And.LessThanOrEqualTo(4 * CodecEmitter.BucketSize), "the most types one method names");
        Assert.That(methods.Count(m => m.StartsWith("static global::NFX.Slim.Generated.SlimGeneratedCodec Codec", StringComparison.Ordinal)), Is.GreaterThan(2));
    }

    [Test]
    public void Registry_ManyTypes_AnswersEveryCodecAndNoOther()
    {
        Assembly assembly = s_many.Value.Assembly;
        var registry = (SlimGeneratedAssembly)Activator.CreateInstance(assembly.GetType("NFX.Slim.Generated.Codecs.SlimGeneratedCodecRegistry", throwOnError: true)!, nonPublic: true)!;
        Type[] model = [.. assembly.GetTypes().Where(t => t.Namespace?.StartsWith("NFX.", StringComparison.Ordinal) != true && !t.Name.StartsWith('<'))];
        Type[] classes = [.. model.Where(t => t.IsClass)];
        Assert.That(classes, Has.Length.EqualTo(Classes + 6));
        foreach (Type type in model)
        {
            SlimGeneratedCodec? codec = registry.Codec(type);
            if (type.IsClass)
            {
                Assert.That(codec?.Type, Is.EqualTo(type), type.FullName);
                Assert.That(SlimGeneratedCodecs.TryGet(type, out SlimGeneratedCodec? registered) && registered.Type == type, Is.True, type.FullName);
            }
            else
            {
                Assert.That(codec, Is.Null, type.FullName);
            }
        }
        foreach (Type other in new[] { typeof(string), typeof(List<int>), typeof(List<>), typeof(List<>).GetGenericArguments()[0], typeof(int[]), typeof(RegistryBucketTests) })
        {
            Assert.That(registry.Codec(other), Is.Null, other.ToString());
        }
    }

    [Test]
    public void Registry_ManyTypes_ResolvesEveryNameBothWays()
    {
        Assembly assembly = s_many.Value.Assembly;
        string name = assembly.GetName().Name!;
        foreach (Type type in assembly.GetTypes().Where(t => t.Namespace?.StartsWith("NFX.", StringComparison.Ordinal) != true && !t.Name.StartsWith('<')))
        {
            Assert.That(SlimGeneratedCodecs.FindType(name, type.FullName!), Is.EqualTo(type), type.FullName);
        }
        Assert.That(SlimGeneratedCodecs.FindType(name, "Many.Models.NoSuchType"), Is.Null);
        // A nested non-ASCII class read back through its name (Deserialize<object> resolves it from the bytes).
        var slim = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowAssembly(assembly), UseGeneratedCodecs = true });
        foreach (string typeName in new[] { "Many.Ünïcödé.Δέλτα", "Many.Models.Outer+Inner+Innermost", "GlobalOne" })
        {
            object value = Activator.CreateInstance(assembly.GetType(typeName, throwOnError: true)!)!;
            object? back = slim.Deserialize<object>(slim.Serialize(value));
            Assert.That(back?.GetType(), Is.EqualTo(value.GetType()));
        }
    }
}
