using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace NFX.Glue.Generators.Parsing;

/// <summary>
/// The contracts a project uses without declaring them: the interface type arguments at its calls of NFX.Glue's
/// <c>GetProxy&lt;T&gt;</c>, <c>Host&lt;T&gt;</c>, <c>AddService&lt;T, TImpl&gt;</c>, <c>AddGlueClient&lt;T&gt;</c> and
/// <c>AddProxy&lt;T&gt;</c>.
/// </summary>
internal static class RootFinder
{
    private static readonly HashSet<string> s_methods = ["GetProxy", "Host", "AddService", "AddGlueClient", "AddProxy"];

    /// <summary>A cheap syntactic filter: a call of a generic method with one of the names (the semantic check follows).</summary>
    public static bool IsCandidate(SyntaxNode node) =>
        node is InvocationExpressionSyntax invocation && Name(invocation.Expression) is { } name && s_methods.Contains(name);

    /// <summary>The contract of one call: its first type argument when the method is NFX.Glue's and that is an interface.</summary>
    public static INamedTypeSymbol? Contract(InvocationExpressionSyntax invocation, SemanticModel model, System.Threading.CancellationToken cancellation)
    {
        if (model.GetSymbolInfo(invocation, cancellation).Symbol is not IMethodSymbol method ||
            (method.ReducedFrom ?? method).ContainingAssembly?.Name != "NFX.Glue" || method.TypeArguments.Length == 0)
        {
            return null;
        }
        return method.TypeArguments[0] is INamedTypeSymbol { TypeKind: TypeKind.Interface } contract ? contract : null;
    }

    private static string? Name(ExpressionSyntax expression) => expression switch
    {
        MemberAccessExpressionSyntax member => member.Name.Identifier.ValueText,
        GenericNameSyntax generic => generic.Identifier.ValueText,
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        MemberBindingExpressionSyntax binding => binding.Name.Identifier.ValueText,
        _ => null,
    };
}
