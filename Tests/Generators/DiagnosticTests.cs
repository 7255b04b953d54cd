using Microsoft.CodeAnalysis;

namespace NFX.Tests.Generators;

/// <summary>What the generator leaves to the runtime codec, and that it says why (NFXSLIM001, an info diagnostic).</summary>
public sealed class DiagnosticTests
{
    private const string Calls = """
        public static class Calls
        {
            public static byte[] Write(NFX.Slim.SlimSerializer slim, Holder h) => slim.Serialize(h);
        }
        """;

    [TestCase("public sealed class Holder { public Box<int>? B; } public sealed class Box<T> { public T? Value; }", "Box<int>", "generic classes")]
    [TestCase("public sealed unsafe class Holder { public int* P; }", "Holder", "pointers")]
    [TestCase("public sealed class Holder { public System.IntPtr P; }", "Holder", "pointers and native handles")]
    [TestCase("public sealed class Holder : System.Collections.Generic.List<int> { }", "Holder", "in another assembly")]
    [TestCase("public sealed class Holder { public System.Collections.Generic.KeyValuePair<int, int> Pair; }", "Holder", "in another assembly")]
    [TestCase("public sealed class Holder { private Hidden? _h; private sealed class Hidden { } }", "Holder", "cannot be named")]
    [TestCase("public sealed class Holder : System.Exception { }", "Holder", "exception codec")]
    public void Generator_TypeItCannotWrite_ReportsWhyAndWritesNoCodec(string model, string type, string reason)
    {
        var (result, _, _) = GeneratorHarness.Run(model + "\n" + Calls);
        Diagnostic[] skipped = [.. result.Diagnostics.Where(d => d.Id == "NFXSLIM001")];
        Assert.That(skipped.Select(d => d.GetMessage()), Has.Some.Contains($"'global::{type}'").And.Contains(reason));
        Assert.That(skipped.All(d => d.Severity == DiagnosticSeverity.Info), Is.True);
        Assert.That(result.Results[0].GeneratedSources.Select(s => s.HintName), Has.None.StartsWith(type.Split('<')[0] + "_SlimCodec"));
    }

    [Test]
    public void Generator_TypeOnlyInAnObjectSlot_IsReachedByTheAssemblyAttribute()
    {
        const string model = """
            [assembly: NFX.Slim.SlimSerializable(typeof(Extra))]
            public sealed class Holder { public object? Anything; }
            public sealed class Extra { public int N; }
            """;
        var (result, _, _) = GeneratorHarness.Run(model + "\n" + Calls);
        Assert.That(result.Results[0].GeneratedSources.Select(s => s.HintName), Does.Contain("Extra_SlimCodec.g.cs").And.Contain("Holder_SlimCodec.g.cs"));
        var (without, _, _) = GeneratorHarness.Run(model.Replace("[assembly: NFX.Slim.SlimSerializable(typeof(Extra))]", "") + "\n" + Calls);
        Assert.That(without.Results[0].GeneratedSources.Select(s => s.HintName), Does.Not.Contain("Extra_SlimCodec.g.cs"));
    }

    [Test]
    public void Generator_CompilationWithoutSlimCalls_WritesNothing()
    {
        var (result, _, _) = GeneratorHarness.Run("public sealed class Lonely { public int N; }");
        Assert.That(result.Results[0].GeneratedSources, Is.Empty);
    }

    [Test]
    public void Generator_GlueContractWithStreams_RegistersTheArraysItsItemsCrossIn()
    {
        // Glue sends the items of an IAsyncEnumerable<T> parameter or result in batches of T[]: an app that makes no
        // generic types at run time needs each such array registered (native arrays, such as int[], need none).
        const string model = """
            public sealed class Reading { public double Value; }
            public sealed class Command { public string? Text; }
            public interface IMeter
            {
                System.Collections.Generic.IAsyncEnumerable<Reading> Readings(int count, System.Threading.CancellationToken cancellation = default);
                System.Threading.Tasks.Task<int> Send(System.Collections.Generic.IAsyncEnumerable<Command> commands);
                System.Collections.Generic.IAsyncEnumerable<int> Numbers();
            }
            public static class Calls
            {
                public static IMeter Proxy(NFX.Glue.GlueClient client) => client.GetProxy<IMeter>();
            }
            """;
        var (result, output, _) = GeneratorHarness.Run(model);
        string registry = GeneratorHarness.Source(result, "SlimGeneratedCodecRegistry");
        Assert.That(registry, Does.Contain("RegisterArray<global::Reading>()").And.Contain("RegisterArray<global::Command>()"));
        Assert.That(registry, Does.Not.Contain("RegisterArray<int>()"));
        Assert.That(result.Results[0].GeneratedSources.Select(s => s.HintName), Does.Contain("Reading_SlimCodec.g.cs").And.Contain("Command_SlimCodec.g.cs"));
        Assert.That(output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error), Is.Empty);
    }

    [Test]
    public void Generator_StructsItReaches_AreDescribedForUseAsElementsUnlessTheirFieldsCannotBeNamed()
    {
        // A struct of the compilation gets a description (an accessor per field, registered with RegisterStruct) so it
        // is written in a collection or a box where nothing is compiled; one whose fields generated code cannot reach
        // (a generic struct, a pointer field, an inline array, a field of a private type) gets none.
        const string model = """
            public struct Plain { public int A; private string? _b; public Plain(string b) { A = 0; _b = b; } }
            public readonly record struct Tagged(double X, Plain Inner, Plain? Maybe);
            public struct Pair<T> { public T First; }
            public unsafe struct Raw { public int* P; }
            [System.Runtime.CompilerServices.InlineArray(4)] public struct Four { private int _e; }
            public sealed class Holder
            {
                public System.Collections.Generic.List<Tagged> Tags = new();
                public Pair<int>[] Pairs = [];
                public object? Boxed;
                public Raw R;
                public Four F;
                private Hidden _h;
                private struct Hidden { public int N; }
            }
            public static class Calls
            {
                public static byte[] Write(NFX.Slim.SlimSerializer slim, Holder h) => slim.Serialize(h);
            }
            """;
        var (result, output, _) = GeneratorHarness.Run(model);
        string[] hints = [.. result.Results[0].GeneratedSources.Select(s => s.HintName)];
        Assert.That(hints, Does.Contain("Plain_SlimStruct.g.cs").And.Contain("Tagged_SlimStruct.g.cs"));
        Assert.That(hints.Count(h => h.EndsWith("_SlimStruct.g.cs", StringComparison.Ordinal)), Is.EqualTo(2), string.Join(", ", hints));
        string plain = GeneratorHarness.Source(result, "Plain_SlimStruct");
        Assert.That(plain, Does.Contain(".Field<int>(\"A\", Field0)").And.Contain(".Field<string>(\"_b\", Field1)"), "wire order: ordinal by name");
        string registry = GeneratorHarness.Source(result, "SlimGeneratedCodecRegistry");
        Assert.That(registry, Does.Contain("Plain_SlimStruct.Register();").And.Contain("Tagged_SlimStruct.Register();"));
        Assert.That(output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error), Is.Empty);
    }
}
