using System.Buffers;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace NFX.Slim.Session;

/// <summary>
/// A map keyed by object identity (never Equals/GetHashCode overrides): an open-addressing table with linear probing,
/// grown at half load, and faster than a Dictionary with a comparer because nothing is called through an interface.
/// Used for the write pool's object keys (object -> index; an unchecked message's pool holds raw addresses instead, see
/// <see cref="WritePool"/>) and the deep clone's map (source -> its clone and the clone's index, side by side, so a
/// back-reference is one probe).
/// <para>
/// Keys are placed by their address while no garbage collection has run since the message started and (in a checked
/// message) the message has at most <see cref="MaxKeysByAddress"/> of them, and by <see cref="RuntimeHelpers.GetHashCode(object)"/> from
/// then on (see <see cref="SlotOf"/>). Why: the identity hash code of an object that never had one is made up and stored
/// in its header with an atomic update, and that is every object of a graph built for the message, which is how
/// services build replies; the address costs nothing and leaves the objects as they were (docs/perf/notes.md).
/// </para>
/// <para>
/// A lookup by address that misses checks the collection count, unless the caller started an unchecked run
/// (<see cref="BeginUnchecked"/>): a caller that can do its work again (write the message again, clone again) and runs
/// no code of the program before it calls <see cref="Confirm"/> saves that check on every new key (and the call the
/// probe spills its registers around), and does its work again, checked, in
/// the rare message a collection interrupts (the run throws <see cref="CollectionDuringMessageException"/>). An
/// unchecked run may also place more than <see cref="MaxKeysByAddress"/> keys by address (the writer's does), since a
/// collection costs it a new attempt, not placing every key again by hash code: it looks at the count every
/// <see cref="MaxKeysByAddress"/> keys, so a big message that a collection interrupts is given up early.
/// </para>
/// </summary>
internal sealed class IdentityMap<TValue>
{
    // A table up to this size (2M slots, 32 MB) is always kept between messages; a bigger one only while the messages
    // still fill it (see Clear).
    internal const int MaxRetainedSlots = 1 << 21;
    private const int InitialSlots = 16;
    // Up to this size (256 KB, in the L2 cache) clearing the used slots one by one beats clearing the whole table.
    private const int ClearUsedUpToSlots = 1 << 14;
    /// <summary>
    /// Keys placed by address in one checked message, at most: a message with more is likely to see a collection (a deep
    /// clone allocates as much as it reads), which would place them all again (see SlotOf). Also how often an unchecked run
    /// looks at the collection count.
    /// </summary>
    public const int MaxKeysByAddress = 1 << 14;
    // Tables from this size (64K slots, 1 MB and more: past the L2 cache) place keys by address in blocks of BlockSlots, one
    // block per 4 KB page, the page's objects side by side in it (an object takes 16 bytes of the page at least, so no two
    // of one page share a slot): a message writes the objects of a freshly built graph in about the order they were
    // allocated, and so walks the table a block at a time instead of missing the cache (and the TLB) on every new key.
    // Pages that land in one block are rotated in it by their scrambled number, so objects of one size at the same
    // offsets of their pages spread.
    internal const int MinBlockedSlots = 1 << 16;
    private const int PageBits = 12;
    private const int BlockBits = 8;
    private const int BlockSlots = 1 << BlockBits;

    // Key and value side by side: a probe touches one cache line, not two arrays.
    private Entry[] _entries = new Entry[InitialSlots];
    // 64 - log2(_entries.Length): a slot by address is the top bits of the scrambled address (see SlotOf).
    private int _addressShift = ShiftFor(InitialSlots);
    // The slots in use, in insertion order: a table grown by one big message is cleared slot by slot after a small
    // one, instead of every slot after every message.
    private int[] _used = new int[InitialSlots / 2];
    private int _count;
    // The count at which the next addition first grows the table, or places the keys by hash code (see MakeRoom).
    private int _roomFor = InitialSlots / 2;
    private Placement _placement;
    // _roomFor in an unchecked run by address, else 0: the count below which IndexOfOrAdd takes its fast path (a probe
    // by address whose miss is a miss, and room for the key), so that one compare stands for all of that.
    private int _fastRoom;
    // In an unchecked run: the keys it places by address at most (then by hash code, checked), and the count at which it
    // next looks at the collection count.
    private int _uncheckedKeys;
    private int _nextCheckpoint;
    // GC.CollectionCount(0) when the first key of the message was placed by address (or the unchecked run began): every
    // collection adds to it (each collects generation 0), so while it is unchanged no collection has run since, and no
    // key has moved. The count is the runtime's own record; a weak reference to a fresh object is no sure sign (the
    // object may be allocated outside generation 0 and outlive collections).
    private int _collections;

    /// <summary>Where keys are placed, and what a lookup that ends without its key checks (see <see cref="SlotOf"/>).</summary>
    private enum Placement : byte
    {
        /// <summary>By address; a miss compares the collection count, so a moved key is never taken for a new one.</summary>
        ByAddress,
        /// <summary>By address; a miss is taken as a miss, until <see cref="Confirm"/> makes sure no collection ran.</summary>
        ByAddressUnchecked,
        /// <summary>By identity hash code: from the first collection seen, or for a big message, until <see cref="Clear"/>.</summary>
        ByHashCode,
    }

    private struct Entry
    {
        public object? Key;
        public TValue Value;
    }

    public int Count => _count;

    /// <summary>
    /// For a map whose values are the keys' insertion indexes (the writer's pool): the index of <paramref name="key"/>
    /// when it is in the map; else adds it with the count before the addition as its value and returns -1. The same
    /// answers as <see cref="GetOrAdd"/> with <see cref="Count"/>, and the writer's probe at every string and object: in
    /// an unchecked run with room (<see cref="_fastRoom"/>) one compare decides that nothing but the probe is due, and
    /// the answer comes back in a register, not through an out parameter the caller reads from memory.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int IndexOfOrAdd(object key)
    {
        Debug.Assert(typeof(TValue) == typeof(int));
        int count = _count;
        if (count < _fastRoom)
        {
            Entry[] entries = _entries;
            nuint mask = (nuint)entries.Length - 1;
            ulong address = (ulong)Unsafe.As<object, nint>(ref key);
            // The top bits of the scrambled address are below the table's length already (see SlotOf).
            nuint i = mask < MinBlockedSlots - 1 ? (nuint)(address * 0x9E3779B97F4A7C15UL >> _addressShift) : (nuint)SlotOf(key, (int)mask, _addressShift);
            ref Entry first = ref MemoryMarshal.GetArrayDataReference(entries);
            while (true)
            {
                ref Entry entry = ref Unsafe.Add(ref first, i);
                object? found = entry.Key;
                if (found is null)
                {
                    // Stored through the array, not the reference: the JIT's barrier for an array element skips the
                    // check that the destination is on the heap, which a store through a reference needs.
                    entries[(int)i].Key = key;
                    Unsafe.As<TValue, int>(ref entry.Value) = count;
                    Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(_used), (uint)count) = (int)i;
                    _count = count + 1;
                    return -1;
                }
                if (ReferenceEquals(found, key))
                {
                    return Unsafe.As<TValue, int>(ref entry.Value);
                }
                i = (i + 1) & mask;
            }
        }
        return IndexOfOrAddSlow(key);
    }

    /// <summary><see cref="IndexOfOrAdd"/> outside the fast case: a checked message, keys by hash code, or the table full.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int IndexOfOrAddSlow(object key)
    {
        int count = _count;
        return GetOrAdd(key, Unsafe.As<int, TValue>(ref count), out TValue value) ? Unsafe.As<TValue, int>(ref value) : -1;
    }

    /// <summary>Finds <paramref name="key"/>; when absent, adds it with <paramref name="valueIfAbsent"/> and returns false.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool GetOrAdd(object key, TValue valueIfAbsent, out TValue value)
    {
        ref TValue slot = ref GetValueRefOrAddDefault(key, out bool exists);
        if (!exists)
        {
            slot = valueIfAbsent;
        }
        value = slot;
        return exists;
    }

    /// <summary>
    /// Finds <paramref name="key"/>, or adds it with a default value; returns a reference to its value, valid only until
    /// the next addition (which may grow the table).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ref TValue GetValueRefOrAddDefault(object key, out bool exists)
    {
        if (_count >= _roomFor)
        {
            MakeRoom();
        }
        Entry[] entries = _entries;
        int mask = entries.Length - 1;
        int i = SlotOf(key, mask, _addressShift);
        // No bounds checks: a slot is masked by the table's length (a power of two), and the used list has room for half
        // the table, more than the count can reach (MakeRoom above).
        ref Entry first = ref MemoryMarshal.GetArrayDataReference(entries);
        while (true)
        {
            ref Entry entry = ref Unsafe.Add(ref first, (uint)i);
            if (entry.Key is null)
            {
                // Absent - unless it was placed by an address it had before a collection moved it.
                if (_placement == Placement.ByAddress && Collected)
                {
                    return ref AddAfterCollection(key, out exists);
                }
                entry.Key = key;
                Debug.Assert(_count < _used.Length);
                Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(_used), (uint)_count++) = i;
                exists = false;
                return ref entry.Value;
            }
            if (ReferenceEquals(entry.Key, key))
            {
                exists = true;
                return ref entry.Value;
            }
            i = (i + 1) & mask;
        }
    }

    /// <summary>
    /// A lookup by address ended without its key after a collection ran: when keys were placed, places them again by hash
    /// code (<see cref="Moved"/>), then looks again. Kept out of line: the common path is inlined into every generated
    /// body that writes a string or an object.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private ref TValue AddAfterCollection(object key, out bool exists)
    {
        Moved();
        return ref GetValueRefOrAddDefault(key, out exists);
    }

    /// <summary>The value of <paramref name="key"/>, which was added (its slot may have moved since, if the table grew).</summary>
    public ref TValue ValueOf(object key)
    {
        while (true)
        {
            Entry[] entries = _entries;
            int mask = entries.Length - 1;
            int i = SlotOf(key, mask, _addressShift);
            while (entries[i].Key is { } found)
            {
                if (ReferenceEquals(found, key))
                {
                    return ref entries[i].Value;
                }
                i = (i + 1) & mask;
            }
            // Not where its address says: a collection moved it (a key that was never added is a bug of the caller).
            if (_placement == Placement.ByHashCode || !Moved())
            {
                throw new InvalidOperationException("The identity map was asked for a key it does not hold.");
            }
        }
    }

    /// <summary>
    /// Starts an unchecked run on an empty map: keys are placed by address, and a lookup that misses is taken as a miss,
    /// without comparing the collection count, until <see cref="Confirm"/> (or <paramref name="maxKeys"/> keys, from which
    /// they are placed by hash code, checked). A collection during the run may make a lookup miss a key that moved: the
    /// run throws <see cref="CollectionDuringMessageException"/> when it sees one (every <see cref="MaxKeysByAddress"/>
    /// keys, and at <see cref="Confirm"/>), and the caller starts again after <see cref="Clear"/>, checked. So the caller
    /// must call <see cref="Confirm"/> before it does anything it cannot do again.
    /// </summary>
    public void BeginUnchecked(int maxKeys)
    {
        Debug.Assert(_count == 0, "An unchecked run starts on an empty map.");
        _placement = Placement.ByAddressUnchecked;
        _collections = GC.CollectionCount(0);
        _uncheckedKeys = maxKeys;
        _nextCheckpoint = Math.Min(MaxKeysByAddress, maxKeys);
        SetRoom(Math.Min(_entries.Length / 2, _nextCheckpoint));
    }

    /// <summary>
    /// Ends an unchecked run, if one is on: lookups that miss check the collection count again from here. Throws
    /// <see cref="CollectionDuringMessageException"/> when a collection ran during the run (every miss since
    /// <see cref="BeginUnchecked"/> is in doubt).
    /// </summary>
    public void Confirm()
    {
        if (_placement == Placement.ByAddressUnchecked)
        {
            ThrowIfCollected();
            _placement = Placement.ByAddress;
            SetRoom(Math.Min(_roomFor, MaxKeysByAddress)); // the checked limit (a run's is never lower)
        }
    }

    /// <summary>
    /// True while an unchecked run is on and a collection has run since it began: a lookup may have missed a key that
    /// moved and taken it for a new one, so whatever the run concluded since - an error included - is in doubt, and the
    /// caller does its work again, checked.
    /// </summary>
    public bool UncheckedRunInDoubt => _placement == Placement.ByAddressUnchecked && Collected;

    /// <summary>True when a collection ran since <see cref="_collections"/> was taken (so keys may have moved).</summary>
    private bool Collected => GC.CollectionCount(0) != _collections;

    private void ThrowIfCollected()
    {
        if (Collected)
        {
            throw new CollectionDuringMessageException();
        }
    }

    /// <summary>
    /// Where <paramref name="key"/>'s probe starts in a table of <paramref name="mask"/> + 1 slots (whose
    /// <see cref="ShiftFor"/> is <paramref name="addressShift"/>): its address, scrambled
    /// (Fibonacci hashing: the top bits of the address times 2^64 / phi, so objects allocated one after the other spread
    /// evenly over the table; the middle bits of the product let the objects of a real graph cluster into long probe
    /// runs), or its identity hash code. A collection may move objects,
    /// which changes their addresses but not the references the table holds: so keys are looked up by address only while
    /// no collection ran since the first was placed (<see cref="GC.CollectionCount(int)"/>), checked where a lookup ends
    /// without finding its key (a hit is a hit whatever moved), or at <see cref="Confirm"/> after an unchecked run; the
    /// first collection seen places every key again by hash code, in place, for the rest of the message (<see cref="Moved"/>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int SlotOf(object key, int mask, int addressShift)
    {
        if (_placement == Placement.ByHashCode)
        {
            return RuntimeHelpers.GetHashCode(key) & mask;
        }
        return SlotOfAddress((ulong)Unsafe.As<object, nint>(ref key), mask, addressShift);
    }

    /// <summary>
    /// Where a key of address <paramref name="address"/> is placed in a table of <paramref name="mask"/> + 1 slots (see
    /// <see cref="SlotOf"/>); also the writer's table of raw addresses (<see cref="WritePool"/>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int SlotOfAddress(ulong address, int mask, int addressShift)
    {
        if (mask < MinBlockedSlots - 1)
        {
            return (int)(address * 0x9E3779B97F4A7C15UL >> addressShift) & mask;
        }
        return BlockedSlotOf(address, mask, addressShift);
    }

    /// <summary>
    /// A big table's slot: the 4 KB page of the address picks a block of slots (scrambled, as above), the offset in the
    /// page the slot in the block, so objects allocated together are looked up together (see MinBlockedSlots).
    /// </summary>
    internal static int BlockedSlotOf(ulong address, int mask, int addressShift)
    {
        // Left to the JIT (a call at most sites: big tables are the rare case); BlockedSlotOfInline is the same number
        // for a leaf that must not call.
        ulong page = (address >> PageBits) * 0x9E3779B97F4A7C15UL;
        ulong block = page >> (addressShift + BlockBits);
        ulong inBlock = (address >> (PageBits - BlockBits)) + (page >> 32);
        return (int)(block << BlockBits | inBlock & (BlockSlots - 1)) & mask;
    }

    /// <summary><see cref="BlockedSlotOf"/>, always inlined (the writer's leaf probe for strings).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int BlockedSlotOfInline(ulong address, int mask, int addressShift)
    {
        ulong page = (address >> PageBits) * 0x9E3779B97F4A7C15UL;
        ulong block = page >> (addressShift + BlockBits);
        ulong inBlock = (address >> (PageBits - BlockBits)) + (page >> 32);
        return (int)(block << BlockBits | inBlock & (BlockSlots - 1)) & mask;
    }

    internal static int ShiftFor(int slots) => 64 - BitOperations.Log2((uint)slots);

    /// <summary>
    /// A lookup by address ended without its key and a collection ran since the table was started: returns false when the
    /// table is empty (nothing can have moved: the count is taken anew), else places every key by hash code from now on
    /// and returns true.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool Moved()
    {
        if (_placement == Placement.ByAddressUnchecked)
        {
            ThrowIfCollected(); // a key not where its address says: a collection ran (else the caller's bug, below)
            return false;
        }
        if (_count == 0)
        {
            _collections = GC.CollectionCount(0);
            return false;
        }
        PlaceByHashCode();
        return true;
    }

    /// <summary>
    /// Places every key again by hash code, in the same table (a new one would cost a large-object allocation per
    /// message in a session whose messages are big enough to see collections), in insertion order.
    /// </summary>
    private void PlaceByHashCode()
    {
        _placement = Placement.ByHashCode;
        SetRoom(RoomFor());
        Entry[] entries = _entries;
        int count = _count;
        Entry[] keys = ArrayPool<Entry>.Shared.Rent(count);
        for (int n = 0; n < count; n++)
        {
            ref Entry entry = ref entries[_used[n]];
            keys[n] = entry;
            entry = default;
        }
        for (int n = 0; n < count; n++)
        {
            _used[n] = PlaceKey(entries, _addressShift, keys[n]);
        }
        ArrayPool<Entry>.Shared.Return(keys, clearArray: true);
    }

    /// <summary>
    /// Called when the table is half full, holds <see cref="MaxKeysByAddress"/> keys placed by address in a checked
    /// message, or an unchecked run is due to look at the collection count: places the keys by hash code from now on in
    /// the second case (and in the third when the run has placed all it may by address), grows the table (at most half
    /// full) in the first.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void MakeRoom()
    {
        if (_placement == Placement.ByAddressUnchecked && _count >= _nextCheckpoint)
        {
            ThrowIfCollected();
            if (_count >= _uncheckedKeys)
            {
                PlaceByHashCode();
            }
            else
            {
                _nextCheckpoint = (int)Math.Min((long)_count + MaxKeysByAddress, _uncheckedKeys);
            }
        }
        else if (_placement == Placement.ByAddress && _count >= MaxKeysByAddress)
        {
            PlaceByHashCode();
        }
        if ((_count + 1) * 2 > _entries.Length)
        {
            Place(_entries.Length * 2);
        }
        SetRoom(RoomFor());
    }

    /// <summary>Sets the room (see <see cref="MakeRoom"/>) for the placement already set, and the fast path's with it.</summary>
    private void SetRoom(int room)
    {
        _roomFor = room;
        _fastRoom = _placement == Placement.ByAddressUnchecked ? room : 0;
    }

    private int RoomFor() => _placement switch
    {
        Placement.ByHashCode => _entries.Length / 2,
        Placement.ByAddressUnchecked => Math.Min(_entries.Length / 2, _nextCheckpoint),
        _ => Math.Min(_entries.Length / 2, MaxKeysByAddress),
    };

    /// <summary>
    /// Forgets every key (so nothing of the last message stays reachable). The next message places its keys by address,
    /// unless this one placed more than <see cref="MaxKeysByAddress"/> by hash code: the same big graph written again (a
    /// cache refresh, a benchmark) would only place them all again by hash code halfway, so it starts by hash code (an
    /// unchecked run starts by address all the same). The
    /// table is kept for the next message, except a table past <see cref="MaxRetainedSlots"/> that this message filled to
    /// less than an eighth: one huge message does not pin its table for the life of the pooled session, while a run of
    /// huge messages (the same big graph written again) reuses it instead of growing it again through every size -
    /// which, with each growth re-inserting every key at random places, cost more than the writing itself from a few
    /// million objects on.
    /// </summary>
    public void Clear()
    {
        _placement = _count > MaxKeysByAddress && _placement == Placement.ByHashCode ? Placement.ByHashCode : Placement.ByAddress;
        if (_count == 0)
        {
            SetRoom(RoomFor());
            return;
        }
        if (_entries.Length > MaxRetainedSlots && _count * 8 < _entries.Length)
        {
            _entries = new Entry[InitialSlots];
            _addressShift = ShiftFor(InitialSlots);
            _used = new int[InitialSlots / 2];
        }
        else if (YoungTable.ShouldReplace(_entries, _count))
        {
            // Each new key is a store of a young object into the table (see YoungTable); the keys go with it.
            _entries = new Entry[_entries.Length];
        }
        else if (_entries.Length <= ClearUsedUpToSlots || _count * 8 < _entries.Length)
        {
            // The used slots are this table's by construction: no bounds check per slot (a small message's whole Clear),
            // two a turn.
            ref Entry entries = ref MemoryMarshal.GetArrayDataReference(_entries);
            ReadOnlySpan<int> used = _used.AsSpan(0, _count);
            ref int at = ref MemoryMarshal.GetReference(used);
            int n = 0;
            for (; n < used.Length - 1; n += 2)
            {
                Unsafe.Add(ref entries, (uint)Unsafe.Add(ref at, n)) = default;
                Unsafe.Add(ref entries, (uint)Unsafe.Add(ref at, n + 1)) = default;
            }
            if (n < used.Length)
            {
                Unsafe.Add(ref entries, (uint)Unsafe.Add(ref at, n)) = default;
            }
        }
        else
        {
            Array.Clear(_entries);
        }
        _count = 0;
        SetRoom(RoomFor());
    }

    /// <summary>
    /// Places every key again, in a new table of <paramref name="slots"/>, in insertion order (so the used list stays in
    /// that order). By address, a collection during this leaves keys where their old addresses put them: the next lookup
    /// that misses sees the collection's count and places them all again by hash code.
    /// </summary>
    private void Place(int slots)
    {
        Entry[] old = _entries;
        var entries = new Entry[slots];
        var used = new int[slots / 2];
        int shift = ShiftFor(slots);
        for (int n = 0; n < _count; n++)
        {
            used[n] = PlaceKey(entries, shift, old[_used[n]]);
        }
        _entries = entries;
        _used = used;
        _addressShift = shift;
    }

    /// <summary>Stores <paramref name="entry"/> (a key not in <paramref name="entries"/>) in the first free slot of its probe; returns the slot.</summary>
    private int PlaceKey(Entry[] entries, int addressShift, in Entry entry)
    {
        int mask = entries.Length - 1;
        int i = SlotOf(entry.Key!, mask, addressShift);
        while (entries[i].Key is not null)
        {
            i = (i + 1) & mask;
        }
        entries[i] = entry;
        return i;
    }
}
