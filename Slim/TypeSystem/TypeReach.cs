using System.Reflection;

namespace NFX.Slim;

/// <summary>Walks the types reachable from roots through instance fields, element types and generic arguments.</summary>
internal static class TypeReach
{
    private const BindingFlags InstanceFields = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "The types reachable from a root only widen the type policy: a field the trimmer removed admits fewer types, never more.")]
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "The types reachable from a root only widen the type policy: a field the trimmer removed admits fewer types, never more.")]
    // An array, not IEnumerable: TypeAdmission's one root is then an array, not a compiler-made list type.
    public static HashSet<Type> Collect(Type[] roots)
    {
        var seen = new HashSet<Type>();
        var pending = new Stack<Type>(roots);
        while (pending.TryPop(out Type? type))
        {
            if (type.IsGenericParameter || type.IsPointer || type.IsByRef || !seen.Add(type))
            {
                continue;
            }
            if (type.HasElementType)
            {
                pending.Push(type.GetElementType()!);
            }
            if (type.IsGenericType)
            {
                foreach (Type argument in type.GetGenericArguments())
                {
                    pending.Push(argument);
                }
            }
            for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
            {
                foreach (FieldInfo field in t.GetFields(InstanceFields))
                {
                    pending.Push(field.FieldType);
                }
            }
        }
        return seen;
    }
}
