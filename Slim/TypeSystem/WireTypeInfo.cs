namespace NFX.Slim.TypeSystem;

/// <summary>
/// What a type's registry entry needs, computed once per type: reflection calls such as
/// <c>Assembly.GetName()</c> and <c>GetGenericArguments()</c> allocate, and must not run per message.
/// </summary>
internal sealed class WireTypeInfo
{
    public WireTypeInfo(Type type)
    {
        if (type.IsArray)
        {
            Kind = WireTypeEntry.Array;
            Rank = type.IsSZArray ? (byte)0 : (byte)type.GetArrayRank();
            Parts = [type.GetElementType()!];
        }
        else if (type.IsConstructedGenericType)
        {
            Kind = WireTypeEntry.Generic;
            Parts = [type.GetGenericTypeDefinition(), .. type.GetGenericArguments()];
        }
        else
        {
            Kind = WireTypeEntry.Named;
            FullName = type.FullName ?? type.Name;
            AssemblyName = TypeNames.AssemblyName(type);
            Parts = [];
            using var writer = new NFX.IO.SlimWriter(256);
            writer.WriteString(FullName);
            writer.WriteString(AssemblyName);
            NamedEntryBytes = writer.ToArray();
            NamedWireHash = TypeRegistry.WireEntryHash(Kind, System.Text.Encoding.UTF8.GetBytes(FullName),
                System.Text.Encoding.UTF8.GetBytes(AssemblyName), [], 0);
        }
        _type = type;
    }

    public WireTypeEntry Kind { get; }

    /// <summary>Array: the element type. Generic: the definition, then the arguments.</summary>
    public Type[] Parts { get; }

    /// <summary>Array: 0 for a vector, else the rank.</summary>
    public byte Rank { get; }

    public string? FullName { get; }

    public string? AssemblyName { get; }

    /// <summary>Named entries: the full name and assembly name as written on the wire, encoded once.</summary>
    public byte[] NamedEntryBytes { get; } = [];

    /// <summary>Named entries: the entry's hash as written (<see cref="TypeRegistry.WireEntryHash"/>).</summary>
    public ulong NamedWireHash { get; }

    private readonly Type _type;
    private ulong _entryHash;
    private volatile bool _hasEntryHash;

    /// <summary>
    /// The hash of the type's whole description, folded into the registry checksum of the built-in and known types.
    /// Computed on first use: only those types (declared by the program) ask for it, and the whole description of a
    /// type the bytes built from shared entries would be exponentially long.
    /// </summary>
    public ulong EntryHash
    {
        get
        {
            if (!_hasEntryHash)
            {
                _entryHash = EntryHashOf(_type);
                _hasEntryHash = true; // volatile: the hash is visible before the flag
            }
            return _entryHash;
        }
    }

    /// <summary><see cref="EntryHash"/> of <paramref name="type"/>, computed each time (the registry template hashes its types once).</summary>
    public static ulong EntryHashOf(Type type) => RegistryChecksum.Add(RegistryChecksum.Seed, TypeNames.DescribeUnbounded(type));
}
