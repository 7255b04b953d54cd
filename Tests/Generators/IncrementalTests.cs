using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace NFX.Tests.Generators;

/// <summary>The generator's model is equatable: an edit that changes no serialized type writes no source again.</summary>
public sealed class IncrementalTests
{
    [Test]
    public void Generator_EditOutsideTheModel_ReusesItsOutput()
    {
        CSharpCompilation compilation = GeneratorHarness.Compile(ModelSource.Shop, "Shop");
        GeneratorDriver driver = GeneratorHarness.Driver(trackSteps: true).RunGenerators(compilation);
        CSharpCompilation edited = compilation.AddSyntaxTrees(CSharpSyntaxTree.ParseText("namespace Shop; internal static class Unrelated { public static int Answer => 42; }",
            GeneratorHarness.ParseOptions));
        driver = driver.RunGenerators(edited);
        GeneratorRunResult run = driver.GetRunResult().Results[0];
        IncrementalStepRunReason[] reasons = [.. run.TrackedOutputSteps.SelectMany(step => step.Value).SelectMany(s => s.Outputs).Select(o => o.Reason)];
        Assert.That(reasons, Is.Not.Empty);
        Assert.That(reasons, Is.All.AnyOf(IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged));
    }
}
