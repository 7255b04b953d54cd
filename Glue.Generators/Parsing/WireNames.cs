using System.Collections.Generic;
using System.Text;
using Microsoft.CodeAnalysis;

namespace NFX.Glue.Generators.Parsing;

/// <summary>
/// The runtime's wire names of types (Glue's Contracts/WireNames): namespace-qualified metadata names, nested types
/// after '+', generic arguments in brackets, no assembly names. A method's id is the position of its signature in the
/// ordinal order of these texts, so they must be the runtime's character for character.
/// </summary>
internal static class WireNames
{
    public static string Of(ITypeSymbol type)
    {
        var text = new StringBuilder();
        Append(text, type);
        return text.ToString();
    }

    /// <summary>The metadata name of a type's definition (<c>System.Collections.Generic.List`1</c>, <c>Ns.Outer+Inner</c>).</summary>
    public static string Definition(INamedTypeSymbol type)
    {
        var nesting = new Stack<string>();
        for (INamedTypeSymbol? t = type; t is not null; t = t.ContainingType)
        {
            nesting.Push(t.MetadataName);
        }
        string names = string.Join("+", nesting);
        INamedTypeSymbol outermost = type;
        while (outermost.ContainingType is not null)
        {
            outermost = outermost.ContainingType;
        }
        return outermost.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString() + "." + names : names;
    }

    private static void Append(StringBuilder text, ITypeSymbol type)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                Append(text, array.ElementType);
                text.Append('[').Append(',', array.Rank - 1).Append(']');
                return;
            case IDynamicTypeSymbol:
                text.Append("System.Object");
                return;
            case INamedTypeSymbol named:
                named = named.TupleUnderlyingType ?? named;
                text.Append(Definition(named));
                List<ITypeSymbol> arguments = AllTypeArguments(named);
                if (arguments.Count != 0)
                {
                    text.Append('[');
                    for (int i = 0; i < arguments.Count; i++)
                    {
                        if (i > 0)
                        {
                            text.Append(',');
                        }
                        Append(text, arguments[i]);
                    }
                    text.Append(']');
                }
                return;
            default:
                text.Append(type.Name);
                return;
        }
    }

    /// <summary>The type arguments of a type and of the types it is nested in, outermost first, as reflection lists them.</summary>
    private static List<ITypeSymbol> AllTypeArguments(INamedTypeSymbol type)
    {
        var chain = new Stack<INamedTypeSymbol>();
        for (INamedTypeSymbol? t = type; t is not null; t = t.ContainingType)
        {
            chain.Push(t);
        }
        var arguments = new List<ITypeSymbol>();
        foreach (INamedTypeSymbol t in chain)
        {
            arguments.AddRange(t.TypeArguments);
        }
        return arguments;
    }
}
