using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using NFX.Slim.Generators.Emitting;
using NFX.Slim.Generators.Model;
using NFX.Slim.Generators.Parsing;

namespace NFX.Slim.Generators;

/// <summary>
/// The NFX.Slim source generator: finds the types a program serializes from its calls (<see cref="RootFinder"/>) and
/// <c>[assembly: SlimSerializable(typeof(T))]</c>, walks what they reach (<see cref="TypeWalker"/>) into an equatable
/// model, and writes a codec per class (<see cref="CodecEmitter"/>) that Slim uses instead of compiling one at run time.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class SlimCodecGenerator : IIncrementalGenerator
{
    private const string SerializableAttribute = "NFX.Slim.SlimSerializableAttribute";

    /// <inheritdoc/>
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        IncrementalValueProvider<ImmutableArray<ImmutableArray<ITypeSymbol>>> calls = context.SyntaxProvider
            .CreateSyntaxProvider(static (node, _) => RootFinder.IsCandidate(node),
                static (syntax, cancellation) => RootFinder.Roots((InvocationExpressionSyntax)syntax.Node, syntax.SemanticModel, cancellation))
            .Where(static roots => !roots.IsEmpty)
            .Collect();

        IncrementalValueProvider<GenerationSpec?> model = calls.Combine(context.CompilationProvider)
            .Select(static (input, cancellation) => Model(input.Right, input.Left.SelectMany(static r => r)));

        context.RegisterSourceOutput(model, static (output, spec) =>
        {
            if (spec is null)
            {
                return;
            }
            foreach (CodecSpec codec in spec.Codecs)
            {
                output.AddSource(codec.CodecName + ".g.cs", CodecEmitter.Codec(codec));
            }
            foreach (StructSpec described in spec.Structs)
            {
                output.AddSource(described.ClassName + ".g.cs", CodecEmitter.Struct(described));
            }
            if (spec.Types.Count != 0 || spec.Instantiations.Count != 0 || spec.Structs.Count != 0)
            {
                output.AddSource("SlimGeneratedCodecRegistry.g.cs", CodecEmitter.Registry(spec));
            }
            foreach (SkippedType skipped in spec.Skipped)
            {
                output.ReportDiagnostic(Diagnostic.Create(Diagnostics.NoGeneratedCodec, Location.None, skipped.TypeName, skipped.Reason));
            }
        });
    }

    /// <summary>The model of one compilation, or null when it does not reference NFX.Slim.</summary>
    private static GenerationSpec? Model(Compilation compilation, IEnumerable<ITypeSymbol> callRoots)
    {
        if (compilation.GetTypeByMetadataName("NFX.Slim.Generated.SlimGeneratedCodec") is null)
        {
            return null;
        }
        var roots = new List<ITypeSymbol>(callRoots);
        foreach (AttributeData attribute in compilation.Assembly.GetAttributes())
        {
            if (attribute.AttributeClass?.ToDisplayString() == SerializableAttribute &&
                attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is ITypeSymbol named)
            {
                roots.Add(named);
            }
        }
        return new TypeWalker(compilation).Walk(roots);
    }
}
