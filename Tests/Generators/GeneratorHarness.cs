using System.Collections.Immutable;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using NFX.Slim.Generators;

namespace NFX.Tests.Generators;

/// <summary>Runs the generator over C# source, as the compiler does in a user's build, against the libraries as built.</summary>
internal static class GeneratorHarness
{
    private static readonly Lazy<MetadataReference[]> s_references = new(() =>
    {
        var paths = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || Path.GetFileName(p) is "mscorlib.dll" or "netstandard.dll")
            .ToHashSet(StringComparer.Ordinal);
        paths.Add(typeof(NFX.Slim.SlimSerializer).Assembly.Location);
        paths.Add(typeof(NFX.IO.SlimWriter).Assembly.Location);
        paths.Add(typeof(NFX.Glue.GlueClient).Assembly.Location); // Glue's GetProxy and Host name contracts as roots
        return [.. paths.Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))];
    });

    /// <summary>The language version of every tree, the generated ones included.</summary>
    public static CSharpParseOptions ParseOptions { get; } = new(LanguageVersion.Preview);

    /// <summary>A driver of the generator whose trees parse as the model's do.</summary>
    public static GeneratorDriver Driver(bool trackSteps = false) =>
        CSharpGeneratorDriver.Create([new SlimCodecGenerator().AsSourceGenerator()], parseOptions: ParseOptions,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: trackSteps));

    public static CSharpCompilation Compile(string source, string assemblyName = "Model") =>
        CSharpCompilation.Create(assemblyName, [CSharpSyntaxTree.ParseText(source, ParseOptions, path: "Model.cs")],
            s_references.Value, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable,
                allowUnsafe: true));

    /// <summary>The generator's run over <paramref name="source"/>: the sources it added, its diagnostics, the compilation with them.</summary>
    public static (GeneratorDriverRunResult Result, Compilation Output, ImmutableArray<Diagnostic> Diagnostics) Run(string source, string assemblyName = "Model")
    {
        GeneratorDriver driver = Driver().RunGeneratorsAndUpdateCompilation(Compile(source, assemblyName), out Compilation output, out ImmutableArray<Diagnostic> diagnostics);
        return (driver.GetRunResult(), output, diagnostics);
    }

    /// <summary>The generated source whose hint name starts with <paramref name="codecName"/>.</summary>
    public static string Source(GeneratorDriverRunResult result, string codecName) =>
        result.Results[0].GeneratedSources.Single(s => s.HintName == codecName + ".g.cs").SourceText.ToString();

    /// <summary>Emits <paramref name="compilation"/> and loads it; fails the test with the compiler's errors.</summary>
    public static Assembly Load(Compilation compilation)
    {
        using var image = new MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult emitted = compilation.Emit(image);
        Assert.That(emitted.Success, Is.True, string.Join("\n", emitted.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error)));
        return Assembly.Load(image.ToArray());
    }
}
