using System.Collections.Concurrent;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// The immutable start of every registry of one serializer: the built-in types, then the user's known types.
/// Shared by all sessions; each <see cref="TypeRegistry"/> layers the types it learns on top of it.
/// </summary>
internal sealed class TypeRegistryTemplate
{
    /// <param name="knownTypes">The user's known types, after the built-in ones.</param>
    /// <param name="layoutFingerprint">
    /// A known type's layout fingerprint, or null when it has no field layout: known types never cross as entries, so
    /// their layouts are folded into the checksum instead, and a changed known type is a registry mismatch.
    /// </param>
    public TypeRegistryTemplate(IReadOnlyList<Type> knownTypes, Func<Type, uint?>? layoutFingerprint = null)
    {
        var types = new List<Type>(BuiltInTypes.All);
        foreach (Type type in knownTypes)
        {
            ArgumentNullException.ThrowIfNull(type, nameof(knownTypes));
            if (!types.Contains(type))
            {
                types.Add(type);
            }
        }
        Types = [.. types];
        // A loop, not LINQ: Select and ToDictionary over (Type, int) pairs were generic instantiations for the JIT to
        // compile at a fresh process's first call.
        Index = new Dictionary<Type, int>(Types.Length);
        for (int i = 0; i < Types.Length; i++)
        {
            Index.Add(Types[i], i);
        }
        ulong checksum = RegistryChecksum.Seed;
        for (int i = 0; i < Types.Length; i++)
        {
            Type type = Types[i];
            // The hash alone, not the type's WireTypeInfo (whose entry bytes a built-in type never writes): building 53 of
            // them was a tenth of a fresh process's first call. The built-in types are framework types, which have no
            // field layout (CodecCache.WritesOwnFields; a test pins it): only the known types' fingerprints are asked.
            checksum = RegistryChecksum.Combine(checksum, WireTypeInfo.EntryHashOf(type));
            if (i >= BuiltInTypes.All.Length && layoutFingerprint?.Invoke(type) is uint fingerprint)
            {
                checksum = RegistryChecksum.Combine(checksum, fingerprint);
            }
        }
        Checksum = checksum;
    }

    private readonly ConcurrentDictionary<Type, WireTypeInfo> _info = new();

    public Type[] Types { get; }

    public Dictionary<Type, int> Index { get; }

    public ulong Checksum { get; }

    /// <summary>The hash of a type's wire description, computed once per type.</summary>
    public ulong EntryHash(Type type) => Info(type).EntryHash;

    /// <summary>The registry-entry facts of a type, computed once per type.</summary>
    public WireTypeInfo Info(Type type) =>
        _info.TryGetValue(type, out WireTypeInfo? info) ? info : _info.GetOrAdd(type, NewInfo);

    // A method group, not a lambda: no closure class to JIT-compile at a fresh process's first call.
    private static WireTypeInfo NewInfo(Type type) => new(type);
}
