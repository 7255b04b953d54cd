using System.Text;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// The names types go by on the wire: the full name of a non-generic type or generic definition plus the simple name
/// of its assembly, never a version or key, so the format does not depend on assembly versions.
/// </summary>
internal static class TypeNames
{
    /// <summary>A culture-independent description used in messages and in the registry checksum.</summary>
    public static string Describe(Type type)
    {
        var builder = new StringBuilder();
        Append(builder, type);
        return builder.ToString();
    }

    public static string AssemblyName(Type type) => type.Assembly.GetName().Name ?? string.Empty;

    private static void Append(StringBuilder builder, Type type)
    {
        if (type.IsArray)
        {
            Append(builder, type.GetElementType()!);
            builder.Append(type.IsSZArray ? "[]" : "[" + new string(',', type.GetArrayRank() - 1) + "]");
            return;
        }
        if (type.IsConstructedGenericType)
        {
            Append(builder, type.GetGenericTypeDefinition());
            builder.Append('[');
            Type[] arguments = type.GetGenericArguments();
            for (int i = 0; i < arguments.Length; i++)
            {
                if (i > 0)
                {
                    builder.Append(',');
                }
                Append(builder, arguments[i]);
            }
            builder.Append(']');
            return;
        }
        builder.Append(type.FullName ?? type.Name).Append(" @").Append(AssemblyName(type));
    }
}
