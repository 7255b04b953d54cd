using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace NFX.Slim.Generators.Parsing;

/// <summary>
/// What Slim's runtime otherwise reads by reflection when it first binds a class's generated codec, answered from the
/// compilation that declares the class (its whole base chain is of the same compilation, or it gets no codec):
/// whether it has serialization callbacks (<c>SerializationCallbacks</c>) and whether its parameterless constructor
/// runs no code (<c>TrivialConstructor</c>). Where the syntax does not settle it, the answer leaves it to the runtime:
/// "has callbacks" (Slim then reads them by reflection), "unknown" for a constructor whose only code would be
/// initializers to default values (which an optimized build leaves out); a constructor body whose statements compile to
/// nothing counts as code (the shell is then allocated uninitialized: the same object).
/// </summary>
internal static class TypeFacts
{
    // The runtime follows at most this many classes (the type and its bases below object) to a trivial constructor.
    private const int MaxChain = 16;

    private static readonly string[] s_callbackAttributes =
    [
        "System.Runtime.Serialization.OnSerializingAttribute", "System.Runtime.Serialization.OnSerializedAttribute",
        "System.Runtime.Serialization.OnDeserializingAttribute", "System.Runtime.Serialization.OnDeserializedAttribute",
    ];

    /// <summary>
    /// False when neither <paramref name="type"/> nor a base class declares an instance method with one of the four
    /// callback attributes and it does not implement <c>IDeserializationCallback</c>: then the runtime finds no callback.
    /// </summary>
    public static bool HasCallbacks(INamedTypeSymbol type)
    {
        if (type.AllInterfaces.Any(i => i.ToDisplayString() == "System.Runtime.Serialization.IDeserializationCallback"))
        {
            return true;
        }
        for (INamedTypeSymbol? t = type; t is not null && t.SpecialType != SpecialType.System_Object; t = t.BaseType)
        {
            // Every method the runtime lists (instance, any accessibility, accessors included), whatever its parameters:
            // an attribute on a method the runtime would skip only makes this answer "has callbacks", which is safe.
            foreach (ISymbol member in t.GetMembers())
            {
                if (member is IMethodSymbol { IsStatic: false } method && method.GetAttributes().Any(IsCallbackAttribute))
                {
                    return true;
                }
            }
            // A local function or a lambda can be compiled into an instance method of the type, with its attributes:
            // one that carries any is left to reflection.
            foreach (SyntaxReference reference in t.DeclaringSyntaxReferences)
            {
                if (reference.GetSyntax().DescendantNodes().Any(n =>
                        n is LocalFunctionStatementSyntax { AttributeLists.Count: > 0 } or LambdaExpressionSyntax { AttributeLists.Count: > 0 }))
                {
                    return true;
                }
            }
        }
        return false;
    }

    private static bool IsCallbackAttribute(AttributeData attribute) =>
        attribute.AttributeClass?.ToDisplayString() is { } name && s_callbackAttributes.Contains(name);

    /// <summary>
    /// True when the parameterless constructor of <paramref name="type"/> runs no code: every class of the chain (at most
    /// <see cref="MaxChain"/> below object) has no static constructor or static initializer, no instance initializer,
    /// and a parameterless constructor that is implicit, or has an empty body and calls the base's parameterless one.
    /// False when one of them runs code; null when the answer depends on what the compiler emits (an initializer to a
    /// default value, <c>= null</c>, <c>= 0</c>, which an optimized build leaves out): the runtime reads the IL then.
    /// </summary>
    public static bool? HasTrivialConstructor(INamedTypeSymbol type)
    {
        if (type.IsAbstract || type.TypeKind != TypeKind.Class)
        {
            return false;
        }
        int chain = 0;
        bool unsure = false;
        for (INamedTypeSymbol? t = type; t is not null && t.SpecialType != SpecialType.System_Object; t = t.BaseType)
        {
            if (++chain > MaxChain || IsTrivialLevel(t) is not { } trivial)
            {
                return false;
            }
            unsure |= !trivial;
        }
        return unsure ? null : true;
    }

    // Of one class of the chain: null when it runs code, true when it runs none, false when it has only initializers to
    // default values, which the compiler may leave out (the answer is then the runtime's).
    private static bool? IsTrivialLevel(INamedTypeSymbol type)
    {
        if (type.DeclaringSyntaxReferences.Length == 0 || type.StaticConstructors.Any(c => !c.IsImplicitlyDeclared) ||
            type.InstanceConstructors.FirstOrDefault(c => c.Parameters.Length == 0) is not { } constructor)
        {
            return null;
        }
        foreach (ISymbol member in type.GetMembers())
        {
            // A decimal constant is a static field set by the static constructor.
            if (member is IFieldSymbol { IsConst: true, Type.SpecialType: SpecialType.System_Decimal })
            {
                return null;
            }
        }
        bool defaultsOnly = false;
        foreach (SyntaxReference reference in type.DeclaringSyntaxReferences)
        {
            if (reference.GetSyntax() is not TypeDeclarationSyntax declaration || Initializers(declaration) is not { } initializers ||
                declaration.BaseList?.Types.Any(t => t is PrimaryConstructorBaseTypeSyntax) == true)
            {
                return null;
            }
            defaultsOnly |= initializers;
        }
        foreach (SyntaxReference reference in constructor.IsImplicitlyDeclared ? [] : constructor.DeclaringSyntaxReferences)
        {
            switch (reference.GetSyntax())
            {
                case ConstructorDeclarationSyntax explicitly:
                    if (explicitly.ExpressionBody is not null || explicitly.Body is not { Statements.Count: 0 } ||
                        explicitly.Initializer is { } initializer &&
                        (initializer.IsKind(SyntaxKind.ThisConstructorInitializer) || initializer.ArgumentList.Arguments.Count != 0) ||
                        explicitly.Modifiers.Any(SyntaxKind.ExternKeyword))
                    {
                        return null;
                    }
                    break;
                case TypeDeclarationSyntax { ParameterList.Parameters.Count: 0 }:
                    break; // `class C()`: a primary constructor without parameters, no initializer (checked above)
                default:
                    return null;
            }
        }
        // The base's parameterless constructor is the one called (the next level checks it runs no code).
        if (type.BaseType is { SpecialType: not SpecialType.System_Object } baseType && !baseType.InstanceConstructors.Any(c => c.Parameters.Length == 0))
        {
            return null;
        }
        return !defaultsOnly;
    }

    // Null when the type has an initializer that is code (an instance one runs in the constructor, a static one makes a
    // static constructor); true when all it has set default values (`= null`, `= 0`, `= default`: left out by the
    // compiler, the instance ones in an optimized build only); false when it has none.
    private static bool? Initializers(TypeDeclarationSyntax declaration)
    {
        bool defaults = false;
        foreach (MemberDeclarationSyntax member in declaration.Members)
        {
            switch (member)
            {
                case BaseFieldDeclarationSyntax field when !field.Modifiers.Any(SyntaxKind.ConstKeyword):
                    foreach (VariableDeclaratorSyntax variable in field.Declaration.Variables)
                    {
                        if (variable.Initializer is { } initializer)
                        {
                            if (!IsDefaultLiteral(initializer.Value))
                            {
                                return null;
                            }
                            defaults = true;
                        }
                    }
                    break;
                case PropertyDeclarationSyntax { Initializer: { } initializer }:
                    if (!IsDefaultLiteral(initializer.Value))
                    {
                        return null;
                    }
                    defaults = true;
                    break;
            }
        }
        return defaults;
    }

    // What may be a type's default value: null, default, false, a zero literal (possibly parenthesized, cast or with `!`).
    private static bool IsDefaultLiteral(ExpressionSyntax value) => value switch
    {
        ParenthesizedExpressionSyntax inner => IsDefaultLiteral(inner.Expression),
        PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.SuppressNullableWarningExpression } inner => IsDefaultLiteral(inner.Operand),
        CastExpressionSyntax inner => IsDefaultLiteral(inner.Expression),
        DefaultExpressionSyntax => true,
        LiteralExpressionSyntax literal => literal.Kind() switch
        {
            SyntaxKind.NullLiteralExpression or SyntaxKind.DefaultLiteralExpression or SyntaxKind.FalseLiteralExpression => true,
            SyntaxKind.CharacterLiteralExpression => literal.Token.Value is '\0',
            SyntaxKind.NumericLiteralExpression => literal.Token.Value is { } v && System.Convert.ToDouble(v, System.Globalization.CultureInfo.InvariantCulture) == 0,
            _ => false,
        },
        _ => false,
    };
}
