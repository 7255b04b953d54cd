
namespace NFX.Slim.TypeSystem.Memos;

/// <summary>
/// Type entries as last written or read: their bytes and the registry entries they added (<see cref="Recorded"/>), and
/// the registry's running checksum before them and after each entry they added. A writer keeps one per type it writes
/// (PerCall messages write the same entries every time); a reader keeps the start of a message (<see cref="RootPrefixMemo"/>).
/// Folding an entry hash into the checksum is eight dependent multiplications; a replay that starts from the same
/// checksum sets the remembered ones instead, which is exactly what folding would give.
/// </summary>
internal sealed class EntryMemo(LayoutMemo recorded, ulong checksumBefore, ulong[] checksumsAfter)
{
    /// <summary>The bytes, the learned types they were recorded against, and the entries they added (with reading plans).</summary>
    public LayoutMemo Recorded { get; } = recorded;

    /// <summary>The registry's running checksum when the entry began.</summary>
    public ulong ChecksumBefore { get; } = checksumBefore;

    /// <summary>The running checksum after each entry of <see cref="LayoutMemo.Added"/>, from <see cref="ChecksumBefore"/>.</summary>
    public ulong[] ChecksumsAfter { get; } = checksumsAfter;

    // The added entries' types and hashes apart, when none has a reading plan (null otherwise): what Replay reads.
    private readonly Type[]? _types = TypesWithoutPlans(recorded.Added);
    private readonly ulong[] _hashes = HashesOf(recorded.Added);

    /// <summary>
    /// A writer's: the type whose entry it last wrote right after replaying this one, with nothing learned between, and
    /// that entry's memo, which fits there (the registry after this replay is always <see cref="LayoutMemo.Learned"/>
    /// then <see cref="LayoutMemo.Added"/>). Set and read by one write session only (its memos are its own).
    /// </summary>
    public Type? NextType;

    /// <summary>The memo of <see cref="NextType"/>'s entry (see there).</summary>
    public EntryMemo? Next;

    // Loops, not LINQ: a memo is made at a fresh process's first message, where each LINQ operator over the entry
    // struct is a generic instantiation of several methods for the JIT to compile (docs/GENERATOR.md, "What the JIT
    // compiles").
    private static Type[]? TypesWithoutPlans(LayoutMemo.Entry[] added)
    {
        var types = new Type[added.Length];
        for (int i = 0; i < added.Length; i++)
        {
            if (added[i].Plan is not null)
            {
                return null;
            }
            types[i] = added[i].Type;
        }
        return types;
    }

    private static ulong[] HashesOf(LayoutMemo.Entry[] added)
    {
        var hashes = new ulong[added.Length];
        for (int i = 0; i < added.Length; i++)
        {
            hashes[i] = added[i].Hash;
        }
        return hashes;
    }

    /// <summary>
    /// Adds the remembered entries (with their reading plans) to <paramref name="registry"/>, as writing or reading the
    /// bytes again would; returns the handle <paramref name="type"/> took among them, or -1.
    /// </summary>
    public int Replay(TypeRegistry registry, Type? type)
    {
        if (_types is { } types && registry.RunningChecksum == ChecksumBefore)
        {
            // The common case (no reading plans, the checksum it was remembered with): only the adds.
            ulong[] hashes = _hashes, after = ChecksumsAfter;
            int found = -1;
            for (int i = 0; i < types.Length && i < hashes.Length && i < after.Length; i++)
            {
                if (ReferenceEquals(types[i], type))
                {
                    found = registry.Count;
                }
                registry.AddReplayed(types[i], hashes[i], after[i]);
            }
            return found;
        }
        LayoutMemo.Entry[] added = Recorded.Added;
        ulong[] checksums = ChecksumsAfter;
        bool sameChecksum = registry.RunningChecksum == ChecksumBefore;
        int handle = -1;
        for (int i = 0; i < added.Length; i++)
        {
            if (ReferenceEquals(added[i].Type, type))
            {
                handle = registry.Count;
            }
            if (sameChecksum)
            {
                registry.Add(added[i].Type, added[i].Hash, checksums[i]);
            }
            else
            {
                registry.Add(added[i].Type, added[i].Hash);
            }
            if (added[i].Plan is { } plan)
            {
                registry.SetPlan(added[i].Type, plan);
            }
        }
        return handle;
    }

    /// <summary>
    /// Remembers the entries just written or read: <paramref name="bytes"/> are their bytes; the registry grew from
    /// <paramref name="countBefore"/> entries and from <paramref name="checksumBefore"/> meanwhile; without
    /// <paramref name="learned"/> the types learned before are not copied (see <see cref="LayoutMemo.Capture"/>).
    /// </summary>
    public static EntryMemo Capture(TypeRegistry registry, int countBefore, ulong checksumBefore, ReadOnlySpan<byte> bytes, bool learned = true)
    {
        LayoutMemo recorded = LayoutMemo.Capture(registry, countBefore, 0, bytes, null, learned);
        var after = new ulong[recorded.Added.Length];
        ulong checksum = checksumBefore;
        for (int i = 0; i < after.Length; i++)
        {
            checksum = RegistryChecksum.Combine(checksum, recorded.Added[i].Hash);
            after[i] = checksum;
        }
        return new EntryMemo(recorded, checksumBefore, after);
    }
}
