using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;

namespace NFX.Glue.Contracts;

/// <summary>
/// The argument pack of a method: a ValueTuple of its parameter types (nested through <c>Rest</c> past seven, as C#
/// does), so the arguments travel as one Slim object without an object[] or a box per argument.
/// </summary>
internal static class ArgsPack
{
    private const int MaxDirect = 7;

    private static readonly Type[] s_tupleDefinitions =
    [
        typeof(ValueTuple<>), typeof(ValueTuple<,>), typeof(ValueTuple<,,>), typeof(ValueTuple<,,,>),
        typeof(ValueTuple<,,,,>), typeof(ValueTuple<,,,,,>), typeof(ValueTuple<,,,,,,>), typeof(ValueTuple<,,,,,,,>),
    ];

    [RequiresDynamicCode("Makes the ValueTuple type of the parameters at run time.")]
    public static Type TypeFor(Type[] parameterTypes) =>
        parameterTypes.Length == 0 ? typeof(Generated.GlueNoArgs) : TupleFor(parameterTypes);

    [RequiresDynamicCode("Makes the ValueTuple type of the parameters at run time.")]
    [UnconditionalSuppressMessage("Trimming", "IL2055", Justification = "ValueTuple's type parameters have no DynamicallyAccessedMembers requirements.")]
    private static Type TupleFor(ReadOnlySpan<Type> types)
    {
        if (types.Length <= MaxDirect)
        {
            return s_tupleDefinitions[types.Length - 1].MakeGenericType(types.ToArray());
        }
        Type rest = TupleFor(types[MaxDirect..]);
        return s_tupleDefinitions[MaxDirect].MakeGenericType([.. types[..MaxDirect], rest]);
    }

    /// <summary>The constructors to call, innermost first, to build a pack of <paramref name="argsType"/>.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "A pack is a ValueTuple, whose constructors KeepTupleMembers keeps.")]
    public static List<ConstructorInfo> Constructors(Type argsType)
    {
        var chain = new List<Type>();
        for (Type t = argsType; ; t = t.GetGenericArguments()[MaxDirect])
        {
            chain.Add(t);
            if (t.GetGenericArguments().Length <= MaxDirect)
            {
                break;
            }
        }
        chain.Reverse();
        KeepTupleMembers();
        return chain.ConvertAll(t => t.GetConstructor(t.GetGenericArguments())!);
    }

    /// <summary>An expression reading argument <paramref name="index"/> out of <paramref name="pack"/>.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "A pack is a ValueTuple, whose fields KeepTupleMembers keeps.")]
    public static Expression Item(Expression pack, int index)
    {
        KeepTupleMembers();
        while (index >= MaxDirect)
        {
            pack = Expression.Field(pack, pack.Type.GetField("Rest")!);
            index -= MaxDirect;
        }
        return Expression.Field(pack, pack.Type.GetField("Item" + (index + 1))!);
    }

    /// <summary>
    /// Keeps, in a trimmed app, what the run-time proxies and dispatch reach of a pack by reflection: the constructors
    /// and fields of every ValueTuple definition (all instantiations share them).
    /// </summary>
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<>))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,>))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,>))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,>))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,,>))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,,,>))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,,,,>))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,,,,,>))]
    private static void KeepTupleMembers()
    {
    }
}
