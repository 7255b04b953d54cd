using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using NFX.Glue.Generators;

namespace NFX.Tests.Generators.Glue;

/// <summary>Runs the NFX.Glue generator over C# source, as the compiler does in a user's build, against NFX.Glue as built.</summary>
internal static class GlueGeneratorHarness
{
    private static readonly Lazy<MetadataReference[]> s_references = new(() =>
    {
        var paths = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || Path.GetFileName(p) is "mscorlib.dll" or "netstandard.dll")
            .ToHashSet(StringComparer.Ordinal);
        paths.Add(typeof(NFX.Glue.GlueClient).Assembly.Location);
        paths.Add(typeof(NFX.Slim.SlimSerializer).Assembly.Location);
        return [.. paths.Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))];
    });

    /// <summary>The generator's run over <paramref name="source"/>: its result and the compilation with what it added.</summary>
    public static (GeneratorDriverRunResult Result, Compilation Output) Run(string source)
    {
        var parse = new CSharpParseOptions(LanguageVersion.Preview);
        CSharpCompilation compilation = CSharpCompilation.Create("Contracts", [CSharpSyntaxTree.ParseText(source, parse, path: "Contracts.cs")],
            s_references.Value, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        GeneratorDriver driver = CSharpGeneratorDriver.Create([new GlueContractGenerator().AsSourceGenerator()], parseOptions: parse)
            .RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> _);
        return (driver.GetRunResult(), output);
    }

    /// <summary>The generated source of hint name <paramref name="hintName"/> (without <c>.g.cs</c>).</summary>
    public static string Source(GeneratorDriverRunResult result, string hintName) =>
        result.Results[0].GeneratedSources.Single(s => s.HintName == hintName + ".g.cs").SourceText.ToString();
}
