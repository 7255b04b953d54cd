using System.Runtime.CompilerServices;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// The size of a type written out as a tree: one node for the type, plus, for an array, its element type's nodes, and
/// for a constructed generic type, its definition and each argument's nodes, once per place the argument appears. That is
/// how the runtime spells a type in names (<see cref="Type.FullName"/>) and in the signatures of generated methods, so
/// a type a message builds from shared entries (<c>D2 = Dictionary&lt;D1, D1&gt;</c>, 28 levels: 2^29 nodes from 28
/// entries) costs the runtime time and memory in proportion to this number, not to the entries. Computed once per type
/// (each part's count is remembered), so the count itself is linear in the distinct parts.
/// </summary>
internal static class TypeNodes
{
    /// <summary>The count saturates here: past any limit, the exact size no longer matters.</summary>
    public const long Saturated = 1L << 40;

    private static readonly ConditionalWeakTable<Type, StrongBox<long>> s_nodes = new();

    /// <summary>The tree size of <paramref name="type"/> (at most <see cref="Saturated"/>).</summary>
    public static long Of(Type type)
    {
        if (!type.HasElementType && !type.IsConstructedGenericType)
        {
            return 1;
        }
        if (s_nodes.TryGetValue(type, out StrongBox<long>? known))
        {
            return known.Value;
        }
        long nodes = type.HasElementType ? 1 + Of(type.GetElementType()!) : Of(type.GetGenericTypeDefinition(), type.GetGenericArguments());
        s_nodes.AddOrUpdate(type, new StrongBox<long>(nodes));
        return nodes;
    }

    /// <summary>The tree size <paramref name="definition"/> closed over <paramref name="arguments"/> would have, without making it.</summary>
    public static long Of(Type definition, Type[] arguments)
    {
        long nodes = 1 + Of(definition);
        foreach (Type argument in arguments)
        {
            nodes = Math.Min(Saturated, nodes + Of(argument));
        }
        return nodes;
    }
}
