using System.Reflection;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using NFX.Glue.Contracts;

namespace NFX.Tests.Generators.Glue;

/// <summary>
/// The source the NFX.Glue generator emits for a contract (its proxy and dispatch) and the registry, compared as text
/// with the committed snapshots (Glue/Snapshots/*.cs.txt). NFX_UPDATE_SNAPSHOTS=1 rewrites them.
/// </summary>
public sealed class GlueSnapshotTests
{
    [TestCase("Shop_IInventory_Glue")]
    [TestCase("GlueGeneratedContractRegistry")]
    public void Emitter_ShopContract_MatchesSnapshot(string hintName)
    {
        var (result, _) = GlueGeneratorHarness.Run(GlueContractSource.Shop);
        string emitted = GlueGeneratorHarness.Source(result, hintName).ReplaceLineEndings("\n");
        string file = Path.Combine(AppContext.BaseDirectory, "Glue", "Snapshots", hintName + ".cs.txt");
        if (Environment.GetEnvironmentVariable("NFX_UPDATE_SNAPSHOTS") == "1")
        {
            string source = Path.Combine(RepositoryRoot(), "Tests", "Generators", "Glue", "Snapshots", hintName + ".cs.txt");
            File.WriteAllText(source, emitted);
            Assert.Inconclusive("snapshot written: " + source);
        }
        Assert.That(File.Exists(file), Is.True, $"no snapshot {file}; run with NFX_UPDATE_SNAPSHOTS=1 to write it");
        Assert.That(emitted, Is.EqualTo(File.ReadAllText(file).ReplaceLineEndings("\n")));
    }

    [Test]
    public void Emitter_ShopContract_CompilesWithoutADiagnostic()
    {
        var (_, output) = GlueGeneratorHarness.Run(GlueContractSource.Shop);

        Assert.That(output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning), Is.Empty);
    }

    [Test]
    public void Emitter_ShopContract_HasTheRuntimesSignaturesIdsAndPacks()
    {
        var (_, output) = GlueGeneratorHarness.Run(GlueContractSource.Shop);
        Assembly loaded = GeneratorHarness.Load(output);
        RuntimeHelpers.RunModuleConstructor(loaded.ManifestModule.ModuleHandle);

        // The runtime describes the contract by reflection and takes the generated code only when every signature,
        // in id order, is the one the generator computed.
        ContractDescriptor descriptor = ContractDescriptor.For(loaded.GetType("Shop.IInventory", throwOnError: true)!);
        Assert.That(descriptor.Generated, Is.Not.Null);
        Assert.That(descriptor.Methods.Select(m => m.ArgsType), Is.EqualTo(descriptor.Methods.Select(m => ArgsPack.TypeFor(m.ParameterTypes))));
        Assert.That(descriptor.Methods.Single(m => m.Method.Name == "Odd").Signature, Is.EqualTo(
            "Odd(Shop.Box`1+Inner[System.Int32],System.ValueTuple`2[System.Int32,System.String],System.Object,System.Byte[][]):System.ValueTuple`2[System.Int32,System.String]"));
    }

    [TestCase("public interface INotGlued { Task Run(); }", "INotGlued", "not marked [Glued]")]
    [TestCase("[Glued] public interface IProperty { int Count { get; } }", "IProperty", "properties and events")]
    [TestCase("[Glued] public interface IRef { Task Run(ref int x); }", "IRef", "ref, out or in")]
    [TestCase("[Glued] public interface IVoid { void Run(); }", "IVoid", "not marked [OneWay]")]
    [TestCase("public interface IRun { Task Run(int a); } [Glued] public interface ISame : IRun { new ValueTask Run(int a); }", "ISame", "same signature")]
    [TestCase("public static class Outer { [Glued] internal interface IHidden { Task Run(); } }", "Outer.IHidden", "not public")]
    public void Generator_ContractItLeavesToTheRuntime_SaysWhyAndWritesNothing(string contract, string name, string reason)
    {
        string source = "using System.Threading.Tasks; using NFX.Glue;\n" + contract +
            $"\npublic static class Use {{ public static object P(GlueClient c) => c.GetProxy<{name}>(); }}";
        var (result, _) = GlueGeneratorHarness.Run(source);

        Diagnostic[] skipped = [.. result.Diagnostics.Where(d => d.Id == "NFXGLUE001")];
        Assert.That(skipped.Select(d => d.GetMessage()), Has.Some.Contains($"'{name}'").And.Contains(reason));
        Assert.That(skipped.All(d => d.Severity == DiagnosticSeverity.Info), Is.True);
        Assert.That(result.Results[0].GeneratedSources, Is.Empty);
    }

    private static string RepositoryRoot()
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "NFX.Slim.sln")))
            {
                return dir.FullName;
            }
        }
        throw new InvalidOperationException("NFX.Slim.sln not found above " + AppContext.BaseDirectory);
    }
}
