using System.Buffers.Binary;
using System.Reflection;
using System.Security.Cryptography;
using System.Text;

namespace NFX.Slim.Caching;

/// <summary>
/// A stable 64-bit fingerprint of a type's serialized layout: the canonical layout text of
/// <see cref="Describe(Type)"/> hashed with SHA-256, first 8 bytes read little-endian. Equal on every process and
/// machine for the same type definitions; a cache value written under another fingerprint is stale.
/// The exact rules are in docs/FORMAT.md, "Cache values".
/// </summary>
/// <remarks>
/// Covers the declared type graph: the type, its fields in Slim's wire order (base type first, then each type's
/// own fields by ordinal name, <see cref="NonSerializedAttribute"/> fields left out), their declared types,
/// element types and generic arguments, recursively. Framework types (core library, <c>System.*</c>,
/// <c>Microsoft.*</c>) count by name only, also as base types of user types: Slim writes most of them with dedicated
/// codecs, and their private fields are the runtime's business. Subtypes stored in a field declared as a base class,
/// interface or <see cref="object"/> are not covered (the declared type is).
/// </remarks>
public static class TypeLayoutFingerprint
{

    /// <summary>Computes the fingerprint of <paramref name="type"/> (not cached: callers cache per type).</summary>
    public static ulong Compute(Type type)
    {
        string text = Describe(type);
        Span<byte> hash = stackalloc byte[SHA256.HashSizeInBytes];
        SHA256.HashData(Encoding.UTF8.GetBytes(text), hash);
        return BinaryPrimitives.ReadUInt64LittleEndian(hash);
    }

    /// <summary>The canonical layout text the fingerprint hashes (useful to see why two fingerprints differ).</summary>
    public static string Describe(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        var text = new StringBuilder(256);
        Append(text, type, new Dictionary<Type, int>());
        return text.ToString();
    }

    private static void Append(StringBuilder text, Type type, Dictionary<Type, int> expanded)
    {
        if (type.IsArray)
        {
            Append(text, type.GetElementType()!, expanded);
            int rank = type.GetArrayRank();
            text.Append(type.IsSZArray ? "[]" : rank == 1 ? "[*]" : "[" + new string(',', rank - 1) + "]");
            return;
        }
        if (type.IsGenericParameter)
        {
            text.Append('!').Append(type.GenericParameterPosition);
            return;
        }
        if (expanded.TryGetValue(type, out int ordinal))
        {
            // A type already spelled out in this text (a recursive or shared type): refer back to it.
            text.Append('@').Append(ordinal);
            return;
        }
        AppendName(text, type, expanded);
        if (type.IsEnum)
        {
            text.Append(':');
            Append(text, Enum.GetUnderlyingType(type), expanded);
            return;
        }
        if (IsFramework(type) || type.IsPrimitive || type.IsPointer || type.IsByRef)
        {
            return;
        }
        expanded.Add(type, expanded.Count);
        text.Append('{');
        bool first = true;
        Type? frameworkBase = FrameworkBase(type);
        if (frameworkBase is not null)
        {
            // A framework base type counts by name, like any framework type: its private fields are the runtime's.
            text.Append('^');
            Append(text, frameworkBase, expanded);
            first = false;
        }
        foreach (FieldInfo field in WireFields(type))
        {
            if (!first)
            {
                text.Append(';');
            }
            first = false;
            text.Append(field.Name).Append(':');
            Append(text, field.FieldType, expanded);
        }
        text.Append('}');
    }

    /// <summary>The nearest framework base type other than object and ValueType, if the type derives from one.</summary>
    private static Type? FrameworkBase(Type type)
    {
        for (Type? t = type.BaseType; t is not null && t != typeof(object) && t != typeof(ValueType); t = t.BaseType)
        {
            if (IsFramework(t))
            {
                return t;
            }
        }
        return null;
    }

    private static void AppendName(StringBuilder text, Type type, Dictionary<Type, int> expanded)
    {
        if (!type.IsConstructedGenericType)
        {
            text.Append(type.FullName ?? type.Name);
            return;
        }
        Type definition = type.GetGenericTypeDefinition();
        text.Append(definition.FullName ?? definition.Name).Append('<');
        Type[] arguments = type.GetGenericArguments();
        for (int i = 0; i < arguments.Length; i++)
        {
            if (i > 0)
            {
                text.Append(',');
            }
            Append(text, arguments[i], expanded);
        }
        text.Append('>');
    }

    /// <summary>The fields of the user types in the chain in Slim's wire order (Slim's own field layout, stopping at framework types).</summary>
    private static List<FieldInfo> WireFields(Type type) => [.. NFX.Slim.CodeGen.FieldLayout.Of(type, IsFramework)];

    /// <summary>Framework types count by name only: their private layout belongs to the runtime version.</summary>
    private static bool IsFramework(Type type)
    {
        Assembly assembly = type.Assembly;
        if (assembly == typeof(object).Assembly)
        {
            return true;
        }
        string name = assembly.GetName().Name ?? "";
        return name is "System" or "mscorlib" or "netstandard" ||
               name.StartsWith("System.", StringComparison.Ordinal) ||
               name.StartsWith("Microsoft.", StringComparison.Ordinal);
    }
}
