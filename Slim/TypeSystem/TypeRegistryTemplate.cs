using System.Collections.Concurrent;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// The immutable start of every registry of one serializer: the built-in types, then the user's known types.
/// Shared by all sessions; each <see cref="TypeRegistry"/> layers the types it learns on top of it.
/// </summary>
internal sealed class TypeRegistryTemplate
{
    // The known types past the built-in ones (handles BuiltInTypes.Count..), and their index when there are any.
    private readonly Type[] _known;
    private readonly Dictionary<Type, int>? _knownIndex;

    /// <param name="knownTypes">The user's known types, after the built-in ones.</param>
    /// <param name="layoutFingerprint">
    /// A known type's layout fingerprint, or null when it has no field layout: known types never cross as entries, so
    /// their layouts are folded into the checksum instead, and a changed known type is a registry mismatch.
    /// </param>
    public TypeRegistryTemplate(IReadOnlyList<Type> knownTypes, Func<Type, uint?>? layoutFingerprint = null)
    {
        var known = new List<Type>();
        foreach (Type type in knownTypes)
        {
            ArgumentNullException.ThrowIfNull(type, nameof(knownTypes));
            if (BuiltInTypes.IndexOf(type) < 0 && !known.Contains(type))
            {
                known.Add(type);
            }
        }
        _known = [.. known];
        Count = BuiltInTypes.Count + _known.Length;
        // The built-in types' part of the checksum is a constant: neither the 53 types nor their descriptions are made
        // here (that was ~3.5 ms of a fresh process's first call). The built-in types are framework types, which have no
        // field layout (CodecCache.WritesOwnFields; a test pins it): only the known types' fingerprints are asked.
        ulong checksum = BuiltInTypes.Checksum;
        if (_known.Length != 0)
        {
            _knownIndex = new Dictionary<Type, int>(_known.Length);
            for (int i = 0; i < _known.Length; i++)
            {
                Type type = _known[i];
                _knownIndex.Add(type, BuiltInTypes.Count + i);
                checksum = RegistryChecksum.Combine(checksum, WireTypeInfo.EntryHashOf(type));
                if (layoutFingerprint?.Invoke(type) is uint fingerprint)
                {
                    checksum = RegistryChecksum.Combine(checksum, fingerprint);
                }
            }
        }
        Checksum = checksum;
    }

    private readonly ConcurrentDictionary<Type, WireTypeInfo> _info = new();

    /// <summary>How many handles the template takes: the built-in types, then the known ones.</summary>
    public int Count { get; }

    /// <summary>The type of <paramref name="handle"/>, which the caller has checked is below <see cref="Count"/>.</summary>
    public Type this[int handle] => handle < BuiltInTypes.Count ? BuiltInTypes.Get(handle) : _known[handle - BuiltInTypes.Count];

    /// <summary>The handle of <paramref name="type"/> when the template holds it.</summary>
    public bool TryGetHandle(Type type, out int handle)
    {
        if (_knownIndex is not null && _knownIndex.TryGetValue(type, out handle))
        {
            return true;
        }
        handle = BuiltInTypes.IndexOf(type);
        return handle >= 0;
    }

    public ulong Checksum { get; }

    /// <summary>The hash of a type's wire description, computed once per type.</summary>
    public ulong EntryHash(Type type) => Info(type).EntryHash;

    /// <summary>The registry-entry facts of a type, computed once per type.</summary>
    public WireTypeInfo Info(Type type) =>
        _info.TryGetValue(type, out WireTypeInfo? info) ? info : _info.GetOrAdd(type, NewInfo);

    // A method group, not a lambda: no closure class to JIT-compile at a fresh process's first call.
    private static WireTypeInfo NewInfo(Type type) => new(type);
}
