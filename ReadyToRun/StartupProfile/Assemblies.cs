using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

namespace NFX.ReadyToRun;

/// <summary>
/// The assemblies a signature's types live in, opened by simple name when first asked: what tells an enum (which the
/// JIT spells as its underlying primitive in a parameter list) from another value type.
/// </summary>
internal sealed class Assemblies : IDisposable
{
    private readonly Dictionary<string, string> _paths = new(StringComparer.OrdinalIgnoreCase);
    private readonly Dictionary<string, Opened?> _open = new(StringComparer.OrdinalIgnoreCase);

    /// <summary>Assemblies found by their file names (simple name + ".dll").</summary>
    public Assemblies(IEnumerable<string> paths)
    {
        foreach (string path in paths)
            _paths.TryAdd(Path.GetFileNameWithoutExtension(path), path);
    }

    /// <summary>
    /// The underlying primitive of <paramref name="type"/> (a definition or reference of <paramref name="reader"/>)
    /// when it is an enum, else null (also when its assembly is not at hand).
    /// </summary>
    public PrimitiveTypeCode? EnumUnderlying(MetadataReader reader, EntityHandle type)
    {
        if (type.Kind == HandleKind.TypeDefinition)
            return EnumUnderlying(reader, (TypeDefinitionHandle)type);
        if (type.Kind != HandleKind.TypeReference)
            return null;
        var reference = (TypeReferenceHandle)type;
        EntityHandle scope = reader.GetTypeReference(reference).ResolutionScope;
        while (scope.Kind == HandleKind.TypeReference)
            scope = reader.GetTypeReference((TypeReferenceHandle)scope).ResolutionScope;
        if (scope.Kind != HandleKind.AssemblyReference)
            return null;
        string assembly = reader.GetString(reader.GetAssemblyReference((AssemblyReferenceHandle)scope).Name);
        string name = JitNames.Of(reader, reference);
        // Follows type forwarders (an implementation assembly such as System.Runtime forwards to System.Private.CoreLib).
        for (int hops = 0; hops < 8 && Open(assembly) is Opened opened; hops++)
        {
            if (opened.Types.TryGetValue(name, out TypeDefinitionHandle definition))
                return EnumUnderlying(opened.Pe.GetMetadataReader(), definition);
            if (!opened.Forwarded.TryGetValue(name, out string? next))
                return null;
            assembly = next;
        }
        return null;
    }

    private static PrimitiveTypeCode? EnumUnderlying(MetadataReader reader, TypeDefinitionHandle handle)
    {
        TypeDefinition type = reader.GetTypeDefinition(handle);
        if (type.BaseType.Kind != HandleKind.TypeReference)
            return null;
        TypeReference baseType = reader.GetTypeReference((TypeReferenceHandle)type.BaseType);
        if (reader.GetString(baseType.Name) != "Enum" || reader.GetString(baseType.Namespace) != "System")
            return null;
        foreach (FieldDefinitionHandle fieldHandle in type.GetFields())
        {
            FieldDefinition field = reader.GetFieldDefinition(fieldHandle);
            if ((field.Attributes & System.Reflection.FieldAttributes.Static) != 0)
                continue;
            // The instance field value__: a field signature (0x06) whose type is the underlying primitive.
            BlobReader signature = reader.GetBlobReader(field.Signature);
            signature.ReadByte();
            return (PrimitiveTypeCode)signature.ReadByte();
        }
        return null;
    }

    private Opened? Open(string assembly)
    {
        if (_open.TryGetValue(assembly, out Opened? opened))
            return opened;
        opened = null;
        if (_paths.TryGetValue(assembly, out string? path))
        {
            var pe = new PEReader(File.OpenRead(path));
            MetadataReader reader = pe.GetMetadataReader();
            opened = new Opened(pe, new(StringComparer.Ordinal), new(StringComparer.Ordinal));
            foreach (TypeDefinitionHandle type in reader.TypeDefinitions)
                opened.Types.TryAdd(JitNames.Of(reader, type), type);
            foreach (ExportedTypeHandle handle in reader.ExportedTypes)
            {
                ExportedType exported = reader.GetExportedType(handle);
                if (exported.IsForwarder && exported.Implementation.Kind == HandleKind.AssemblyReference)
                {
                    string ns = reader.GetString(exported.Namespace);
                    string name = reader.GetString(exported.Name);
                    opened.Forwarded.TryAdd(ns.Length == 0 ? name : ns + "." + name,
                        reader.GetString(reader.GetAssemblyReference((AssemblyReferenceHandle)exported.Implementation).Name));
                }
            }
        }
        _open[assembly] = opened;
        return opened;
    }

    private sealed record Opened(PEReader Pe, Dictionary<string, TypeDefinitionHandle> Types, Dictionary<string, string> Forwarded);

    /// <summary>Closes the assemblies opened.</summary>
    public void Dispose()
    {
        foreach (Opened? opened in _open.Values)
            opened?.Pe.Dispose();
    }
}
