using System.Linq.Expressions;

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

    public static Type TypeFor(Type[] parameterTypes) =>
        parameterTypes.Length == 0 ? typeof(Generated.GlueNoArgs) : TupleFor(parameterTypes);

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
    public static List<System.Reflection.ConstructorInfo> Constructors(Type argsType)
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
        return chain.ConvertAll(t => t.GetConstructor(t.GetGenericArguments())!);
    }

    /// <summary>An expression reading argument <paramref name="index"/> out of <paramref name="pack"/>.</summary>
    public static Expression Item(Expression pack, int index)
    {
        while (index >= MaxDirect)
        {
            pack = Expression.Field(pack, "Rest");
            index -= MaxDirect;
        }
        return Expression.Field(pack, "Item" + (index + 1));
    }
}
