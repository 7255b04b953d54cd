using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using NFX.Glue.Generators.Model;
using NFX.Slim.Generators.Model;

namespace NFX.Glue.Generators.Parsing;

/// <summary>
/// Turns a contract interface into its model by the runtime's rules (Glue's ContractDescriptor): the same methods,
/// signatures and ids, the same argument packs. A contract the runtime would refuse, or one the generated code cannot
/// implement, is skipped with the reason (the runtime then reports or handles it as it always did).
/// </summary>
internal static class ContractParser
{
    private static readonly SymbolDisplayFormat s_typeFormat = SymbolDisplayFormat.FullyQualifiedFormat
        .WithMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.UseSpecialTypes | SymbolDisplayMiscellaneousOptions.EscapeKeywordIdentifiers);

    private const int MaxDirect = 7;

    /// <summary>The model of <paramref name="contract"/>, a reason to skip it, or null for an open generic definition (only its closed uses are contracts).</summary>
    public static ContractResult? Parse(INamedTypeSymbol contract)
    {
        if (ContainsTypeParameters(contract))
        {
            return null;
        }
        string display = contract.ToDisplayString();
        ContractResult Skip(string reason) => new(null, new SkippedContract(display, reason));

        if (!IsPublic(contract))
        {
            return Skip("the interface is not public");
        }
        if (!contract.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == GlueNames.GluedAttribute))
        {
            return Skip("the interface is not marked [Glued]");
        }

        var methods = new List<MethodSpec>();
        var signatures = new HashSet<string>(StringComparer.Ordinal);
        foreach (INamedTypeSymbol type in new[] { contract }.Concat(contract.AllInterfaces))
        {
            foreach (ISymbol member in type.GetMembers())
            {
                if (member is not IMethodSymbol method || method.IsStatic)
                {
                    continue;
                }
                string? reason = Describe(method, out MethodSpec? spec);
                if (reason is not null)
                {
                    return Skip($"{type.Name}.{method.Name}: {reason}");
                }
                if (!signatures.Add(spec!.Signature))
                {
                    return Skip($"{type.Name}.{method.Name} has the same signature as another method");
                }
                methods.Add(spec);
            }
        }
        methods.Sort(static (a, b) => string.CompareOrdinal(a.Signature, b.Signature));
        return new ContractResult(
            new ContractSpec(contract.ToDisplayString(s_typeFormat), display, ClassName(contract),
                new EquatableArray<string>(contract.AllInterfaces.Select(i => i.ToDisplayString(s_typeFormat))),
                new EquatableArray<MethodSpec>(methods)),
            null);
    }

    /// <summary>The reason the method cannot be generated, or null with its model.</summary>
    private static string? Describe(IMethodSymbol method, out MethodSpec? spec)
    {
        spec = null;
        if (method.MethodKind != MethodKind.Ordinary)
        {
            return "properties and events are not supported in a contract";
        }
        if (method.IsGenericMethod)
        {
            return "generic methods are not supported";
        }
        if (!method.IsAbstract || method.DeclaredAccessibility != Accessibility.Public)
        {
            return "a method with a body or that is not public cannot be implemented by a proxy";
        }

        var parameters = new List<ParameterSpec>();
        var packed = new List<string>();
        var signatureTypes = new List<string>();
        string? upload = null;
        for (int i = 0; i < method.Parameters.Length; i++)
        {
            IParameterSymbol parameter = method.Parameters[i];
            ITypeSymbol type = parameter.Type;
            if (parameter.RefKind != RefKind.None)
            {
                return $"parameter '{parameter.Name}' is ref, out or in";
            }
            if (Definition(type) == "System.Threading.CancellationToken")
            {
                if (i != method.Parameters.Length - 1)
                {
                    return "a CancellationToken may only be the last parameter";
                }
                parameters.Add(new ParameterSpec(Name(type), ParameterRole.Token));
                continue;
            }
            if (StreamItem(type) is { } item)
            {
                if (upload is not null)
                {
                    return $"parameter '{parameter.Name}' is a second IAsyncEnumerable<T>";
                }
                if (!IsWireType(item))
                {
                    return $"the items of parameter '{parameter.Name}' cannot cross the wire";
                }
                upload = Name(item);
                parameters.Add(new ParameterSpec(Name(type), ParameterRole.Upload));
                signatureTypes.Add(WireNames.Of(type));
                continue;
            }
            if (!IsWireType(type))
            {
                return $"parameter '{parameter.Name}' cannot cross the wire";
            }
            parameters.Add(new ParameterSpec(Name(type), ParameterRole.Packed));
            packed.Add(Name(type));
            signatureTypes.Add(WireNames.Of(type));
        }

        bool oneWay = method.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == GlueNames.OneWayAttribute);
        ITypeSymbol returns = method.ReturnType;
        ReturnShape shape;
        ITypeSymbol? result = null;
        string definition = Definition(returns);
        if (returns.SpecialType == SpecialType.System_Void)
        {
            if (!oneWay)
            {
                return "returns void but is not marked [OneWay]";
            }
            shape = ReturnShape.OneWay;
        }
        else if (oneWay)
        {
            return "a [OneWay] method must return void";
        }
        else if (StreamItem(returns) is { } streamed)
        {
            shape = ReturnShape.Stream;
            result = streamed;
        }
        else if (definition == "System.Threading.Tasks.Task")
        {
            shape = ReturnShape.Task;
        }
        else if (definition == "System.Threading.Tasks.ValueTask")
        {
            shape = ReturnShape.ValueTask;
        }
        else if (definition == "System.Threading.Tasks.Task`1")
        {
            shape = ReturnShape.TaskOfT;
            result = ((INamedTypeSymbol)returns).TypeArguments[0];
        }
        else if (definition == "System.Threading.Tasks.ValueTask`1")
        {
            shape = ReturnShape.ValueTaskOfT;
            result = ((INamedTypeSymbol)returns).TypeArguments[0];
        }
        else
        {
            return "the return type is not Task, Task<T>, ValueTask, ValueTask<T>, IAsyncEnumerable<T> or void with [OneWay]";
        }
        if (oneWay && upload is not null)
        {
            return "a [OneWay] method cannot stream an argument";
        }
        if (result is not null && !IsWireType(result))
        {
            return "the result cannot cross the wire";
        }

        // The runtime's signature: a stream keeps its IAsyncEnumerable<T>, so a streaming method never matches a unary one.
        string signature = $"{method.Name}({string.Join(",", signatureTypes)}):" +
            (oneWay ? "oneway" : shape == ReturnShape.Stream ? WireNames.Of(returns) : result is null ? "void" : WireNames.Of(result));
        spec = new MethodSpec(signature, method.Name, method.ContainingType.ToDisplayString(s_typeFormat), Name(returns),
            new EquatableArray<ParameterSpec>(parameters), packed.Count == 0 ? GlueNames.NoArgs : Pack(packed, 0),
            shape, result is null ? null : Name(result), upload);
        return null;
    }

    /// <summary>The runtime's pack: a ValueTuple of up to seven, the eighth argument a nested pack of the rest.</summary>
    private static string Pack(List<string> types, int start)
    {
        int count = types.Count - start;
        if (count <= MaxDirect)
        {
            return $"global::System.ValueTuple<{string.Join(", ", types.Skip(start))}>";
        }
        return $"global::System.ValueTuple<{string.Join(", ", types.Skip(start).Take(MaxDirect))}, {Pack(types, start + MaxDirect)}>";
    }

    /// <summary>
    /// The type as generated code names it; <c>dynamic</c> as <c>object</c> (the same runtime type), so no argument of
    /// a generated call is bound at run time.
    /// </summary>
    private static string Name(ITypeSymbol type) =>
        s_dynamic.Replace(type.ToDisplayString(s_typeFormat), "object");

    /// <summary>The keyword <c>dynamic</c> (a type named so is always qualified: <c>global::Ns.dynamic</c>).</summary>
    private static readonly Regex s_dynamic = new(@"(?<![\w.@])dynamic(?!\w)", RegexOptions.CultureInvariant);

    private static string Definition(ITypeSymbol type) =>
        type is INamedTypeSymbol named ? WireNames.Definition(named.OriginalDefinition) : string.Empty;

    private static ITypeSymbol? StreamItem(ITypeSymbol type) =>
        type is INamedTypeSymbol { IsGenericType: true } named && WireNames.Definition(named.OriginalDefinition) == "System.Collections.Generic.IAsyncEnumerable`1"
            ? named.TypeArguments[0]
            : null;

    private static bool IsWireType(ITypeSymbol type) =>
        type is not (IPointerTypeSymbol or IFunctionPointerTypeSymbol) && !type.IsRefLikeType && type.SpecialType != SpecialType.System_Void;

    /// <summary>Public, and so is every type it is nested in and every type argument (the runtime's <c>Type.IsVisible</c>).</summary>
    private static bool IsPublic(ITypeSymbol type)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return IsPublic(array.ElementType);
            case INamedTypeSymbol named:
                for (INamedTypeSymbol? t = named; t is not null; t = t.ContainingType)
                {
                    if (t.DeclaredAccessibility != Accessibility.Public || t.TypeArguments.Any(a => !IsPublic(a)))
                    {
                        return false;
                    }
                }
                return true;
            default:
                return true;
        }
    }

    private static bool ContainsTypeParameters(ITypeSymbol type) => type switch
    {
        ITypeParameterSymbol => true,
        IArrayTypeSymbol array => ContainsTypeParameters(array.ElementType),
        INamedTypeSymbol named => named.IsUnboundGenericType || named.TypeArguments.Any(ContainsTypeParameters)
            || (named.ContainingType is { } outer && ContainsTypeParameters(outer)),
        _ => false,
    };

    /// <summary>An identifier made from the interface's name (made unique per compilation by the generator).</summary>
    private static string ClassName(INamedTypeSymbol contract)
    {
        char[] name = contract.ToDisplayString().ToCharArray();
        for (int i = 0; i < name.Length; i++)
        {
            if (!char.IsLetterOrDigit(name[i]))
            {
                name[i] = '_';
            }
        }
        return new string(name);
    }
}
