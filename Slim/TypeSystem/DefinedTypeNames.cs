using System.Reflection;
using System.Reflection.Metadata;
using System.Runtime.CompilerServices;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// The full names (reflection form: <c>Namespace.Outer+Inner`1</c>) of the types an assembly itself defines, read
/// from its metadata tables without loading anything. Forwarded names (ExportedType rows) are not in the set, so
/// resolving a name through it can never make the runtime load the assembly a forwarder points to.
/// Computed once per assembly; the table lives as long as the assembly.
/// </summary>
internal static class DefinedTypeNames
{
    private static readonly ConditionalWeakTable<Assembly, HashSet<string>> s_names = new();

    public static HashSet<string> Of(Assembly assembly) => s_names.GetValue(assembly, Read);

    private static unsafe HashSet<string> Read(Assembly assembly)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        if (!assembly.TryGetRawMetadata(out byte* blob, out int length))
        {
            return names; // no metadata to prove a name is defined here: resolve nothing from it
        }
        var reader = new MetadataReader(blob, length);
        foreach (TypeDefinitionHandle handle in reader.TypeDefinitions)
        {
            names.Add(FullName(reader, reader.GetTypeDefinition(handle)));
        }
        return names;
    }

    private static string FullName(MetadataReader reader, TypeDefinition type)
    {
        string name = reader.GetString(type.Name);
        TypeDefinitionHandle declaring = type.GetDeclaringType();
        if (!declaring.IsNil)
        {
            return FullName(reader, reader.GetTypeDefinition(declaring)) + "+" + name;
        }
        string ns = reader.GetString(type.Namespace);
        return ns.Length == 0 ? name : ns + "." + name;
    }
}
