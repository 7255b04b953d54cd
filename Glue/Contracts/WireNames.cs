using System.Text;

namespace NFX.Glue.Contracts;

/// <summary>
/// Culture-invariant, assembly-free type names and signature hashes, so both ends compute the same method table
/// whatever runtime or assembly versions they run.
/// </summary>
internal static class WireNames
{
    /// <summary>Namespace-qualified name with generic arguments in brackets and no assembly names or versions.</summary>
    public static string Of(Type type)
    {
        var sb = new StringBuilder();
        Append(sb, type);
        return sb.ToString();
    }

    private static void Append(StringBuilder sb, Type type)
    {
        if (type.IsArray)
        {
            Append(sb, type.GetElementType()!);
            sb.Append('[').Append(',', type.IsSZArray ? 0 : type.GetArrayRank() - 1).Append(']');
            return;
        }
        if (type.IsGenericType && !type.IsGenericTypeDefinition)
        {
            Append(sb, type.GetGenericTypeDefinition());
            sb.Append('[');
            Type[] arguments = type.GetGenericArguments();
            for (int i = 0; i < arguments.Length; i++)
            {
                if (i > 0)
                {
                    sb.Append(',');
                }
                Append(sb, arguments[i]);
            }
            sb.Append(']');
            return;
        }
        sb.Append(type.FullName ?? type.Name);
    }

    /// <summary>64-bit FNV-1a of the UTF-8 bytes of <paramref name="text"/>.</summary>
    public static ulong Hash(string text)
    {
        const ulong OffsetBasis = 14695981039346656037;
        const ulong Prime = 1099511628211;
        ulong hash = OffsetBasis;
        foreach (byte b in Encoding.UTF8.GetBytes(text))
        {
            hash = (hash ^ b) * Prime;
        }
        return hash;
    }
}
