using System.Reflection;

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
        chain.Reverse();
        var fields = new List<FieldInfo>();
        foreach (Type t in chain)
        {
            FieldInfo[] own = t.GetFields(DeclaredInstance);
            Array.Sort(own, static (a, b) => string.CompareOrdinal(a.Name, b.Name));
            foreach (FieldInfo field in own)
            {
                if (!field.IsDefined(typeof(NonSerializedAttribute), inherit: false))
                {
                    fields.Add(field);
                }
            }
        }
        return [.. fields];
    }

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
