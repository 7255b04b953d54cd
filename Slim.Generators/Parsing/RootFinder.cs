using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace NFX.Slim.Generators.Parsing;

/// <summary>
/// The roots of code generation, found in the code with no attribute: the static types at the calls of NFX's
/// serializing APIs (SlimSerializer's Serialize, Deserialize and DeepClone, the cache helpers, Glue's proxies and hosts):
/// their type arguments and the declared types of the values they are given.
/// </summary>
internal static class RootFinder
{
    /// <summary>Glue's methods: only their contract interfaces are roots (a service's implementation never crosses the wire).</summary>
    private static readonly HashSet<string> s_contractMethods = ["GetProxy", "Host", "AddService", "AddGlueClient", "AddGlueService"];

    /// <summary>The methods whose calls name roots (initialized after the contract methods it includes).</summary>
    private static readonly HashSet<string> s_methods =
    [
        "Serialize", "Deserialize", "DeepClone", "TryDeserialize",
        "GetOrCreateSlimAsync", "SetSlimAsync", "GetSlimAsync", "TryGetSlimAsync", "GetOrCreateAsync", "SetAsync",
        .. s_contractMethods,
    ];

    /// <summary>A cheap syntactic filter: a call of a method with one of the names (the semantic check follows).</summary>
    public static bool IsCandidate(Microsoft.CodeAnalysis.SyntaxNode node) =>
        node is InvocationExpressionSyntax invocation && Name(invocation.Expression) is { } name && s_methods.Contains(name);

    /// <summary>The root types of one call: none unless the method is NFX's.</summary>
    public static ImmutableArray<ITypeSymbol> Roots(InvocationExpressionSyntax invocation, SemanticModel model, System.Threading.CancellationToken cancellation)
    {
        if (model.GetSymbolInfo(invocation, cancellation).Symbol is not IMethodSymbol method || !IsNfx(method))
        {
            return [];
        }
        var roots = ImmutableArray.CreateBuilder<ITypeSymbol>();
        if (s_contractMethods.Contains(method.Name))
        {
            roots.AddRange(method.TypeArguments.Where(static t => t.TypeKind == TypeKind.Interface));
            return roots.ToImmutable();
        }
        foreach (ITypeSymbol argument in method.TypeArguments)
        {
            roots.Add(argument);
        }
        IMethodSymbol definition = method.ReducedFrom ?? method;
        int offset = method.ReducedFrom is null ? 0 : 1;
        for (int i = 0; i < invocation.ArgumentList.Arguments.Count; i++)
        {
            int index = i + offset;
            if (index < definition.Parameters.Length && definition.Parameters[index].Type is { SpecialType: SpecialType.System_Object } or ITypeParameterSymbol &&
                model.GetTypeInfo(invocation.ArgumentList.Arguments[i].Expression, cancellation).Type is { } type &&
                type.SpecialType != SpecialType.System_Object)
            {
                roots.Add(type);
            }
        }
        return roots.ToImmutable();
    }

    private static bool IsNfx(IMethodSymbol method)
    {
        string? assembly = (method.ReducedFrom ?? method).ContainingAssembly?.Name;
        return assembly is not null && assembly.StartsWith("NFX.", System.StringComparison.Ordinal);
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
