using System.Reflection;
using System.Runtime.CompilerServices;

namespace NFX.Slim.CodeGen;

/// <summary>
/// The fields Slim writes for a type, in wire order: every instance field (public, private, readonly, inherited,
/// auto-property backing fields) except [NonSerialized], base type's first, each type's own fields in ordinal name
/// order, so the layout never depends on the current culture or on reflection's ordering.
/// </summary>
/// <remarks>
/// The one internal NFX.Slim.Caching uses (its layout fingerprint must follow this exact order): changing what
/// <see cref="Of(Type, Func{Type, bool}?)"/> returns changes every cache value's fingerprint.
/// </remarks>
internal static class FieldLayout
{
    private const BindingFlags DeclaredInstance = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

    public static FieldInfo[] Of(Type type) => Of(type, stopAt: null);

    /// <summary>The same, stopping (exclusively) at the first base type <paramref name="stopAt"/> accepts.</summary>
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "A generated codec keeps the fields of its class, bases and in-place structs (DynamicallyAccessedMembers); where members may be trimmed a class without one is refused, and a layout that lost fields does not match the generated codec's field list, so it is never used.")]
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "A generated codec keeps the fields of its class, bases and in-place structs (DynamicallyAccessedMembers); where members may be trimmed a class without one is refused, and a layout that lost fields does not match the generated codec's field list, so it is never used.")]
    public static FieldInfo[] Of(Type type, Func<Type, bool>? stopAt)
    {
        var chain = new List<Type>();
        for (Type? t = type; t is not null && t != typeof(object) && t != typeof(ValueType) && stopAt?.Invoke(t) != true; t = t.BaseType)
        {
            chain.Add(t);
        }
        if (chain.Count == 1)
        {
            return [.. Own(type)];
        }
        chain.Reverse();
        var fields = new List<FieldInfo>();
        foreach (Type t in chain)
        {
            fields.AddRange(Own(t));
        }
        return [.. fields];
    }

    // A type's own fields are asked for by every layer that meets it (the layout text, the codec, the generated body's
    // check, the clone plan): read once. Reading a field's attributes is the costly part of a first call, most of all
    // under NativeAOT, where each attribute's type is resolved by name. Weak keys: a collectible type is not kept alive.
    private static readonly ConditionalWeakTable<Type, FieldInfo[]> s_own = new();

    private static FieldInfo[] Own(Type type) => s_own.TryGetValue(type, out FieldInfo[]? own) ? own : s_own.GetValue(type, ReadOwn);

    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "A generated codec keeps the fields of its class, bases and in-place structs (DynamicallyAccessedMembers); where members may be trimmed a class without one is refused, and a layout that lost fields does not match the generated codec's field list, so it is never used.")]
    private static FieldInfo[] ReadOwn(Type type)
    {
        FieldInfo[] own = type.GetFields(DeclaredInstance);
        // A method group and a loop, not lambdas and Where: no closure class to JIT-compile at a fresh process's first call.
        Array.Sort(own, ByName);
        var kept = new List<FieldInfo>(own.Length);
        foreach (FieldInfo field in own)
        {
            if (!field.IsDefined(typeof(NonSerializedAttribute), inherit: false))
            {
                kept.Add(field);
            }
        }
        return [.. kept];
    }

    private static int ByName(FieldInfo a, FieldInfo b) => string.CompareOrdinal(a.Name, b.Name);

    /// <summary>The name used in messages: the declaring type's short name and the field's, without backing-field noise.</summary>
    public static string DisplayName(FieldInfo field)
    {
        string name = field.Name;
        if (name.StartsWith('<') && name.IndexOf('>') is var end and > 1)
        {
            name = name[1..end];
        }
        return $"{field.DeclaringType?.Name}.{name}";
    }
}
