
namespace NFX.Slim.TypeSystem.Memos;

/// <summary>
/// Type entries as last written or read: their bytes and the registry entries they added (<see cref="Recorded"/>), and
/// the registry's running checksum before them and after each entry they added. A writer keeps one per type it writes
/// (PerCall messages write the same entries every time); a reader keeps the start of a message (<see cref="RootPrefixMemo"/>).
/// Folding an entry hash into the checksum is eight dependent multiplications; a replay that starts from the same
/// checksum sets the remembered ones instead, which is exactly what folding would give.
/// </summary>
internal sealed class EntryMemo(LayoutMemo recorded, ulong checksumBefore, ulong[] checksumsAfter, TypeRegistry.LearnedType[]? learnedAfter = null)
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

    // The registry's learned types right after these entries were recorded (the ones before them, then theirs), when
    // none has a reading plan and they are few: a replay from the same learned types and checksum restores this array
    // (TypeRegistry.Restore) instead of adding the entries one by one. Null otherwise.
    private readonly TypeRegistry.LearnedType[]? _after =
        learnedAfter is not null && learnedAfter.Length >= recorded.Added.Length && recorded.Added.Length > 0 && checksumsAfter.Length == recorded.Added.Length &&
        TypesWithoutPlans(recorded.Added) is not null ? learnedAfter : null;

    // A restored snapshot found equal to _after's first entries (the replay before this one in a chain leaves one): the
    // next time the registry holds that very array, the compare is one reference test. Only restored snapshots are
    // kept here: they are never written, so the answer cannot go stale (a race between readers of a shared memo only
    // stores another snapshot that was found equal).
    private TypeRegistry.LearnedType[]? _verifiedBefore;

    /// <summary>
    /// A writer's: the type whose entry it last wrote right after replaying this one, with nothing learned between, and
    /// that entry's memo, which fits there (the registry after this replay is always <see cref="LayoutMemo.Learned"/>
    /// then <see cref="LayoutMemo.Added"/>). Set and read by one write session only (its memos are its own).
    /// </summary>
    public Type? NextType;

    /// <summary>The memo of <see cref="NextType"/>'s entry (see there).</summary>
    public EntryMemo? Next;

    /// <summary>
    /// A writer's: <see cref="Next"/> when its replay right after this one's restore is a restore too, with nothing to
    /// check but that the registry still holds this memo's snapshot (<see cref="RestoresRightAfter(EntryMemo, Type)"/>); else null.
    /// Set with <see cref="Next"/>, by the same write session.
    /// </summary>
    public EntryMemo? NextRestored;

    /// <summary>The learned types a restoring replay makes the registry's (see <see cref="TypeRegistry.Restore"/>), or null.</summary>
    public TypeRegistry.LearnedType[]? RestoredLearned => _after;

    /// <summary>The running checksum after all the entries (a restoring replay's; <see cref="ChecksumsAfter"/>' last).</summary>
    public ulong ChecksumAfterAll { get; } = checksumsAfter.Length == 0 ? checksumBefore : checksumsAfter[^1];

    /// <summary>
    /// True when a replay of this memo in <paramref name="registry"/>, which learned nothing (the caller checks), is its
    /// restore (<see cref="RestoredLearned"/>): the memo was recorded against no learned type, and the registry's checksum
    /// is <see cref="ChecksumBefore"/> (it stands for the template). What <see cref="Replay"/> would check, for a first entry.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public bool RestoresFromNothingIn(TypeRegistry registry) =>
        _after is { } after && after.Length == _hashes.Length && registry.RunningChecksum == ChecksumBefore;

    /// <summary>
    /// <see cref="Replay"/>'s restore in three stores (<see cref="TypeRegistry.RestoreOverSnapshot"/>), where the caller
    /// knows it is one and the registry's own array has nothing to clear: <see cref="RestoresFromNothingIn"/>, or the
    /// registry holding the snapshot this memo restores right after (<see cref="RestoresRightAfter(EntryMemo)"/>).
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public void RestoreOver(TypeRegistry registry) => registry.RestoreOverSnapshot(_after!, ChecksumAfterAll);

    /// <summary>The handle <paramref name="type"/> takes among the added entries when they start at <paramref name="countBefore"/>, or -1.</summary>
    public int HandleOf(Type type, int countBefore) => HandleAmongAdded(type, countBefore);

    /// <summary>
    /// True when replaying this memo in a registry that holds <paramref name="previous"/>'s restored snapshot (and so its
    /// checksum) takes <see cref="Replay"/>'s restore, and <paramref name="type"/> is among the entries: both memos restore,
    /// this one was recorded from the checksum and the learned types <paramref name="previous"/> leaves. What
    /// <see cref="Replay"/> checks on every call, checked once for the pair.
    /// </summary>
    public bool RestoresRightAfter(EntryMemo previous, Type type) => HandleAmongAdded(type, 0) >= 0 && RestoresRightAfter(previous);

    /// <summary>
    /// <see cref="RestoresRightAfter(EntryMemo, Type)"/> without the type: a reader's chain link replays its entries
    /// whatever type they resolve to.
    /// </summary>
    public bool RestoresRightAfter(EntryMemo previous)
    {
        if (previous._after is not { } before || _after is not { } after || after.Length - _hashes.Length != before.Length ||
            previous.ChecksumsAfter.Length == 0 || ChecksumBefore != previous.ChecksumsAfter[^1])
        {
            return false;
        }
        for (int i = 0; i < before.Length; i++)
        {
            if (!ReferenceEquals(before[i].Type, after[i].Type) || before[i].Hash != after[i].Hash)
            {
                return false;
            }
        }
        return true;
    }

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
        if (_after is { } snapshot && registry.RunningChecksum == ChecksumBefore &&
            registry.LearnedCount == snapshot.Length - _hashes.Length && LearnedFit(registry, snapshot))
        {
            // The registry holds exactly the learned types these entries followed when they were recorded: restoring
            // the array they left is what adding them again would give.
            int countBefore = registry.Count;
            registry.Restore(snapshot, ChecksumsAfter[^1]);
            return type is null ? -1 : HandleAmongAdded(type, countBefore);
        }
        return ReplayEach(registry, type);
    }

    /// <summary><see cref="Replay"/> entry by entry: out of line, so the restore above runs without its frame.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private int ReplayEach(TypeRegistry registry, Type? type)
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

    /// <summary>True when the registry's learned types are <paramref name="after"/>'s first ones (their count is checked).</summary>
    private bool LearnedFit(TypeRegistry registry, TypeRegistry.LearnedType[] after)
    {
        if (registry.LearnedCount == 0)
        {
            return true;
        }
        TypeRegistry.LearnedType[]? current = registry.RestoredSnapshot;
        if (current is not null && ReferenceEquals(current, _verifiedBefore))
        {
            return true;
        }
        if (!registry.LearnedArePrefixOf(after))
        {
            return false;
        }
        if (current is not null)
        {
            _verifiedBefore = current;
        }
        return true;
    }

    /// <summary>The handle <paramref name="type"/> takes among the added entries when they start at <paramref name="countBefore"/>, or -1.</summary>
    private int HandleAmongAdded(Type type, int countBefore)
    {
        LayoutMemo.Entry[] added = Recorded.Added;
        for (int i = 0; i < added.Length; i++)
        {
            if (ReferenceEquals(added[i].Type, type))
            {
                return countBefore + i;
            }
        }
        return -1;
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
        return new EntryMemo(recorded, checksumBefore, after, registry.SnapshotLearned());
    }
}
