namespace NFX.Slim.TypeSystem;

/// <summary>
/// The table that turns types into short handles ("$n") and back. It starts from a shared
/// <see cref="TypeRegistryTemplate"/> and appends the types a message (PerCall) or a connection (Batch) introduces;
/// writer and reader append in the same order, and the running checksum proves they agree.
/// Not thread-safe: one registry serves one session or one connection direction at a time.
/// </summary>
internal sealed class TypeRegistry
{
    private readonly TypeRegistryTemplate _template;
    // The learned types with their entry hashes, side by side in a struct array: storing a Type in a Type[] (or a
    // List<Type>) pays a covariant store check on every add, a struct field does not.
    // _added is either _own or a snapshot a replay restored (see Restore): shared, never written, exactly as long as the
    // count; the first add after a restore copies it back into _own.
    private LearnedType[] _added;
    private LearnedType[] _own = new LearnedType[8];
    private int _addedCount;
    private readonly Dictionary<Type, int> _addedIndex = [];
    private Dictionary<Type, Layouts.LayoutPlan>? _plans;
    private ulong _checksum;

    // Up to this many learned types are found by a scan of _added; past it, _addedIndex holds them all.
    private const int MaxScanned = 8;

    // The last few types the template was asked for and does not hold. The template never changes, so this survives
    // Reset: a PerCall message learns the same few types every time, and each would otherwise cost a hash lookup in the
    // template (twice: "was its layout sent?" and again to write it) before the scan finds nothing.
    private readonly Type?[] _outsideTemplate = new Type?[8];
    private int _nextOutsideTemplate;

    public TypeRegistry(TypeRegistryTemplate template)
    {
        _template = template;
        _checksum = template.Checksum;
        _added = _own;
    }

    /// <summary>The registry-entry facts of a type (cached by the shared template).</summary>
    public WireTypeInfo Info(Type type) => _template.Info(type);

    public int Count => _template.Count + _addedCount;

    /// <summary>How many types were learned beyond the template (0: the registry is exactly its template).</summary>
    public int LearnedCount => _addedCount;

    /// <summary>The low 32 bits of the running checksum, as written in each message.</summary>
    public uint Checksum => (uint)_checksum;

    public bool TryGetHandle(Type type, out int handle)
    {
        // A type is either in the template or learned, never both: the learned ones are looked at first (a short scan).
        if (_addedCount <= MaxScanned)
        {
            // A message (PerCall) adds a handful of types: a scan beats hashing, and Reset has no index to clear.
            ReadOnlySpan<LearnedType> added = _added.AsSpan(0, _addedCount);
            for (int i = 0; i < added.Length; i++)
            {
                if (added[i].Type == type)
                {
                    handle = _template.Count + i;
                    return true;
                }
            }
        }
        else if (_addedIndex.TryGetValue(type, out handle))
        {
            return true;
        }
        Type?[] outside = _outsideTemplate;
        for (int i = 0; i < outside.Length; i++)
        {
            if (outside[i] == type)
            {
                handle = 0;
                return false;
            }
        }
        if (_template.TryGetHandle(type, out handle))
        {
            return true;
        }
        outside[_nextOutsideTemplate] = type;
        _nextOutsideTemplate = (_nextOutsideTemplate + 1) & (outside.Length - 1);
        return false;
    }

    /// <summary>The type at <paramref name="handle"/>, which the caller has checked is below <see cref="Count"/>.</summary>
    public Type this[int handle]
    {
        get
        {
            int templateCount = _template.Count;
            return handle < templateCount ? _template[handle] : _added[handle - templateCount].Type;
        }
    }

    /// <summary>
    /// Appends a type; <paramref name="entryHash"/> is the hash of its entry as it crossed the wire
    /// (<see cref="WireEntryHash"/>), so a type the reader knows under a new name still keeps both checksums equal.
    /// </summary>
    public void Add(Type type, ulong entryHash) => Add(type, entryHash, RegistryChecksum.Combine(_checksum, entryHash));

    /// <summary>
    /// Appends a type whose entry hash the caller has already folded into the running checksum: a replayed entry whose
    /// checksum before it is the one it was remembered with ends at the checksum it ended at then.
    /// </summary>
    public void Add(Type type, ulong entryHash, ulong checksumAfter)
    {
        if (!ReferenceEquals(_added, _own))
        {
            Unshare();
        }
        if (_addedCount == _added.Length)
        {
            Array.Resize(ref _own, _own.Length * 2);
            _added = _own;
        }
        _added[_addedCount++] = new LearnedType(type, entryHash);
        if (_addedCount > MaxScanned)
        {
            if (_addedIndex.Count == 0)
            {
                for (int i = 0; i < _addedCount - 1; i++)
                {
                    _addedIndex.Add(_added[i].Type, _template.Count + i);
                }
            }
            _addedIndex.Add(type, Count - 1);
        }
        _checksum = checksumAfter;
    }

    /// <summary>
    /// <see cref="Add(Type, ulong, ulong)"/> for a replayed entry: while the learned types are few and fit the array, one
    /// store and two counts (the general add stays out of line).
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public void AddReplayed(Type type, ulong entryHash, ulong checksumAfter)
    {
        LearnedType[] added = _added;
        int count = _addedCount;
        if (count < MaxScanned && (uint)count < (uint)added.Length)
        {
            added[count] = new LearnedType(type, entryHash);
            _addedCount = count + 1;
            _checksum = checksumAfter;
            return;
        }
        Add(type, entryHash, checksumAfter);
    }

    /// <summary>
    /// The learned types as they are now, in an array of exactly their count, to be handed to <see cref="Restore"/>;
    /// null when there are more than a scan's worth (past them the registry keeps an index, which a restore would not).
    /// </summary>
    public LearnedType[]? SnapshotLearned() => _addedCount <= MaxScanned ? _added.AsSpan(0, _addedCount).ToArray() : null;

    /// <summary>The learned types' array when it is a snapshot restored by <see cref="Restore"/> (never written), else null.</summary>
    public LearnedType[]? RestoredSnapshot => ReferenceEquals(_added, _own) ? null : _added;

    /// <summary>True when the learned types are exactly the first <see cref="LearnedCount"/> entries of <paramref name="snapshot"/>.</summary>
    public bool LearnedArePrefixOf(LearnedType[] snapshot)
    {
        int count = _addedCount;
        if (count > snapshot.Length)
        {
            return false;
        }
        LearnedType[] added = _added;
        for (int i = 0; i < count; i++)
        {
            if (!ReferenceEquals(added[i].Type, snapshot[i].Type) || added[i].Hash != snapshot[i].Hash)
            {
                return false;
            }
        }
        return true;
    }

    /// <summary>
    /// Makes <paramref name="snapshot"/> (from <see cref="SnapshotLearned"/>) the learned types, ending at
    /// <paramref name="checksum"/>: a replay of remembered entries in one store instead of one add each. The caller
    /// has checked that the learned types now are the snapshot's first ones and that the running checksum is the one
    /// they were recorded with, so this is what adding the rest would give; the snapshot is shared, so the registry
    /// copies it before it adds anything (<see cref="Add(Type, ulong, ulong)"/>) and drops it on <see cref="Reset"/>.
    /// </summary>
    public void Restore(LearnedType[] snapshot, ulong checksum)
    {
        if (_addedCount != 0 && ReferenceEquals(_added, _own))
        {
            _own.AsSpan(0, _addedCount).Clear(); // its entries were read or written in full: no stale type stays behind
        }
        _added = snapshot;
        _addedCount = snapshot.Length;
        _checksum = checksum;
    }

    /// <summary>
    /// True when the learned types are <paramref name="snapshot"/> itself, as <see cref="Restore"/> left them (nothing added
    /// since); false for null (the learned types' array never is).
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public bool Holds(LearnedType[]? snapshot) => ReferenceEquals(_added, snapshot);

    /// <summary>
    /// <see cref="Restore"/> when the registry's own array has nothing to clear: over a restored snapshot (<see cref="Holds"/>
    /// was true for one) or with nothing learned; three stores.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public void RestoreOverSnapshot(LearnedType[] snapshot, ulong checksum)
    {
        _addedCount = snapshot.Length;
        _checksum = checksum;
        _added = snapshot; // last: the write barrier's call
    }

    /// <summary>Copies a restored snapshot into the registry's own array, before it is written.</summary>
    private void Unshare()
    {
        if (_own.Length < _addedCount)
        {
            _own = new LearnedType[Math.Max(_addedCount * 2, 8)];
        }
        _added.AsSpan(0, _addedCount).CopyTo(_own);
        _added = _own;
    }

    /// <summary>The running checksum of the template alone (a registry that learned nothing).</summary>
    public ulong TemplateChecksum => _template.Checksum;

    /// <summary>The whole 64-bit running checksum (messages carry its low 32 bits).</summary>
    public ulong RunningChecksum => _checksum;

    /// <summary>The entry hash of a learned type (<paramref name="handle"/> at or past the template).</summary>
    public ulong EntryHash(int handle) => _added[handle - _template.Count].Hash;

    /// <summary>A copy of the types learned before the registry had <paramref name="count"/> entries.</summary>
    public Type[] Learned(int count)
    {
        var learned = new Type[count - _template.Count];
        for (int i = 0; i < learned.Length; i++)
        {
            learned[i] = _added[i].Type;
        }
        return learned;
    }

    /// <summary>True when the types learned so far are exactly <paramref name="learned"/>, in order.</summary>
    public bool LearnedEquals(Type[] learned)
    {
        if (_addedCount != learned.Length)
        {
            return false;
        }
        LearnedType[] added = _added;
        for (int i = 0; i < learned.Length; i++)
        {
            if (added[i].Type != learned[i])
            {
                return false;
            }
        }
        return true;
    }

    /// <summary>True once some type of this registry is read through a plan for another layout.</summary>
    public bool HasPlans => _plans is not null;

    /// <summary>The reading plan for <paramref name="type"/>'s bodies, when its writer had another layout.</summary>
    public bool TryGetPlan(Type type, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out Layouts.LayoutPlan? plan)
    {
        plan = null;
        return _plans is not null && _plans.TryGetValue(type, out plan);
    }

    /// <summary>Reads <paramref name="type"/>'s bodies through <paramref name="plan"/> while the type stays registered.</summary>
    public void SetPlan(Type type, Layouts.LayoutPlan plan) => (_plans ??= [])[type] = plan;

    /// <summary>Forgets the types learned after the registry had <paramref name="count"/> entries (a failed message).</summary>
    public void Truncate(int count)
    {
        if (!ReferenceEquals(_added, _own))
        {
            Unshare();
        }
        while (Count > count && _addedCount > 0)
        {
            Type last = _added[--_addedCount].Type;
            _added[_addedCount] = default;
            _addedIndex.Remove(last);
            _plans?.Remove(last);
        }
        if (_addedCount <= MaxScanned)
        {
            _addedIndex.Clear();
        }
        ulong checksum = _template.Checksum;
        foreach (LearnedType learned in _added.AsSpan(0, _addedCount))
        {
            checksum = RegistryChecksum.Combine(checksum, learned.Hash);
        }
        _checksum = checksum;
    }

    /// <summary>Forgets every learned type: back to the template.</summary>
    public void Reset()
    {
        int count = _addedCount;
        if (!ReferenceEquals(_added, _own))
        {
            // A restored snapshot: nothing of the registry's own to clear (Restore cleared it), and no index (a snapshot
            // holds at most MaxScanned types).
            _added = _own;
            _addedCount = 0;
        }
        else if (count != 0)
        {
            LearnedType[] added = _added;
            if (count <= 4 && count <= added.Length)
            {
                // A PerCall message learns a type or a few: stores of null are cheaper than the span clear's call.
                for (int i = 0; i < count; i++)
                {
                    added[i] = default;
                }
            }
            else
            {
                added.AsSpan(0, count).Clear();
            }
            _addedCount = 0;
            if (_addedIndex.Count != 0)
            {
                _addedIndex.Clear();
            }
        }
        _plans = null;
        _checksum = _template.Checksum;
    }

    /// <summary>
    /// The hash of a type entry as written (docs/FORMAT.md, "Type handles"): its kind, then a named entry's name and
    /// assembly bytes, or a composite entry's rank and part handles. Both ends hash the same bytes.
    /// </summary>
    public static ulong WireEntryHash(WireTypeEntry kind, ReadOnlySpan<byte> name, ReadOnlySpan<byte> assembly, ReadOnlySpan<int> parts, byte rank)
    {
        ulong hash = RegistryChecksum.Combine(RegistryChecksum.Seed, (ulong)kind | (ulong)rank << 8);
        hash = RegistryChecksum.AddBytes(hash, name);
        hash = RegistryChecksum.Combine(hash, (ulong)name.Length);
        hash = RegistryChecksum.AddBytes(hash, assembly);
        foreach (int part in parts)
        {
            hash = RegistryChecksum.Combine(hash, (ulong)(uint)part);
        }
        return hash;
    }

    /// <summary>A learned type and the hash of its entry as it crossed the wire.</summary>
    internal readonly record struct LearnedType(Type Type, ulong Hash);
}
