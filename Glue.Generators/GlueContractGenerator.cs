using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using NFX.Glue.Generators.Emitting;
using NFX.Glue.Generators.Model;
using NFX.Glue.Generators.Parsing;
using NFX.Slim.Generators.Model;

namespace NFX.Glue.Generators;

/// <summary>
/// The NFX.Glue source generator: for every <c>[Glued]</c> interface a project declares and every contract it passes to
/// <c>GetProxy</c>, <c>Host</c>, <c>AddService</c>, <c>AddGlueClient</c> or <c>AddProxy</c>, writes the client proxy and
/// the server dispatch (<see cref="ContractEmitter"/>) from a model made by the runtime's rules
/// (<see cref="ContractParser"/>), and registers them when the assembly loads. Glue uses them instead of emitting code at
/// run time; the wire is the same.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class GlueContractGenerator : IIncrementalGenerator
{
    /// <inheritdoc/>
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        IncrementalValueProvider<ImmutableArray<ContractResult>> declared = context.SyntaxProvider
            .ForAttributeWithMetadataName(GlueNames.GluedAttribute,
                static (node, _) => node is InterfaceDeclarationSyntax,
                static (syntax, _) => ContractParser.Parse((INamedTypeSymbol)syntax.TargetSymbol))
            .Where(static result => result is not null)
            .Select(static (result, _) => result!)
            .Collect();

        IncrementalValueProvider<ImmutableArray<ContractResult>> used = context.SyntaxProvider
            .CreateSyntaxProvider(static (node, _) => RootFinder.IsCandidate(node),
                static (syntax, cancellation) => RootFinder.Contract((InvocationExpressionSyntax)syntax.Node, syntax.SemanticModel, cancellation) is { } contract
                    ? ContractParser.Parse(contract)
                    : null)
            .Where(static result => result is not null)
            .Select(static (result, _) => result!)
            .Collect();

        IncrementalValueProvider<bool> referencesGlue = context.CompilationProvider
            .Select(static (compilation, _) => compilation.GetTypeByMetadataName(GlueNames.RegistryMetadataName) is not null);

        IncrementalValueProvider<GenerationSpec?> model = declared.Combine(used).Combine(referencesGlue)
            .Select(static (input, _) => input.Right ? Model(input.Left.Left.Concat(input.Left.Right)) : null);

        context.RegisterSourceOutput(model, static (output, spec) =>
        {
            if (spec is null)
            {
                return;
            }
            foreach (ContractSpec contract in spec.Contracts)
            {
                output.AddSource(contract.ClassName + "_Glue.g.cs", ContractEmitter.Contract(contract));
            }
            if (spec.Contracts.Count != 0)
            {
                output.AddSource("GlueGeneratedContractRegistry.g.cs", ContractEmitter.Registry(spec));
            }
            foreach (SkippedContract skipped in spec.Skipped)
            {
                output.ReportDiagnostic(Diagnostic.Create(Diagnostics.NoGeneratedContract, Location.None, skipped.DisplayName, skipped.Reason));
            }
        });
    }

    /// <summary>The contracts once each, ordered by name, with class names unique in the compilation.</summary>
    private static GenerationSpec Model(IEnumerable<ContractResult> results)
    {
        var contracts = new SortedDictionary<string, ContractSpec>(StringComparer.Ordinal);
        var skipped = new SortedDictionary<string, SkippedContract>(StringComparer.Ordinal);
        foreach (ContractResult result in results)
        {
            if (result.Contract is { } contract)
            {
                contracts[contract.InterfaceName] = contract;
            }
            else if (result.Skipped is { } skip)
            {
                skipped[skip.DisplayName] = skip;
            }
        }
        var names = new HashSet<string>(StringComparer.Ordinal);
        var unique = new List<ContractSpec>(contracts.Count);
        foreach (ContractSpec contract in contracts.Values)
        {
            string name = contract.ClassName;
            for (int n = 2; !names.Add(name); n++)
            {
                name = contract.ClassName + "_" + n;
            }
            unique.Add(contract with { ClassName = name });
        }
        return new GenerationSpec(new EquatableArray<ContractSpec>(unique), new EquatableArray<SkippedContract>(skipped.Values));
    }
}
