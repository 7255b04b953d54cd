using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace NFX.Slim.Session;

/// <summary>
/// The writer's reference pool (object -> its index in the message): during an unchecked message a table of raw
/// addresses, else an <see cref="IdentityMap{TValue}"/> of object keys.
/// <para>
/// An object key costs, per new object or string, a store of a reference into the table (a write barrier), a note of
/// the slot for the clear, and the clear itself: about 20 instructions of the ~50 a key costs, on every object of every
/// message. A raw address is a number: no barrier, and the table is not cleared between messages either, since each
/// entry carries the stamp of its message and an entry of another stamp counts as empty (docs/perf/notes.md, "Keys as
/// raw addresses"). Such a table holds no reference, which is sound under two facts:
/// </para>
/// <list type="bullet">
/// <item>No object moves without a collection that adds to <c>GC.CollectionCount(0)</c> (every collection that moves
/// objects condemns generation 0 and counts it when it begins; a background collection counts when it begins too and
/// never moves anything). The run looks at the count at <see cref="Confirm"/> and every
/// <see cref="IdentityMap{TValue}.MaxKeysByAddress"/> keys, as the unchecked run of object keys does, and a message a
/// collection interrupted is written again with object keys, checked: what a moved key made the run write (a key
/// missed, or another object now at its old address taken for it) is thrown away.</item>
/// <item>No key dies during the message, so its address is not freed and given to another object either (a background
/// collection frees memory as it sweeps, after its count was taken, and a large object may be allocated there without
/// any count changing). The keys are the objects of the graph, read from the fields and elements of objects reachable
/// from the root, which the writer keeps alive to the end; no code of the program runs before <see cref="Confirm"/>
/// (callbacks, custom serializers, ISerializable and exceptions call <see cref="ConfirmBeforeProgramCode"/>, which ends
/// a raw run by writing the message again with object keys). A graph changed while it is written (by another thread,
/// or by a native codec of the program) is not written consistently in either case.</item>
/// </list>
/// </summary>
internal sealed class WritePool
{
    private const int InitialSlots = 16;
    // After a message wrote again with object keys because program code was due, the session's next messages start
    // with object keys: this many, doubled at each such message up to the maximum (so a session whose every message
    // runs program code pays the wasted start once in thousands, and one that met such a message once tries raw
    // addresses again soon).
    private const int FirstObjectKeyPeriod = 64;
    private const int MaxObjectKeyPeriod = 1 << 16;

    private readonly IdentityMap<int> _objects = new();
    // Address, then the value in the low half of the tail and the message's stamp in the high half: one cache line, one
    // store for both halves.
    private RawEntry[] _table = new RawEntry[InitialSlots];
    private int _shift = IdentityMap<int>.ShiftFor(InitialSlots);
    // The current message's stamp, shifted into the high half of a tail; never 0 (a new table's entries are empty).
    private ulong _stamp = 1UL << 32;
    // The keys placed in _table this message.
    private int _count;
    // In a raw run, the count below which IndexOfOrAdd adds inline (room in the table, and no checkpoint due); else 0.
    private int _room;
    private int _nextCheckpoint;
    private int _collections;
    // This message's keys are in _table (a raw run began; it stays so until Clear).
    private bool _raw;
    private int _objectKeyMessages;
    private int _objectKeyPeriod = FirstObjectKeyPeriod;

    [StructLayout(LayoutKind.Explicit)]
    private struct RawEntry
    {
        [FieldOffset(0)]
        public ulong Address;

        [FieldOffset(8)]
        public ulong Tail;

        // Tail's high half on a little-endian machine: the stamp alone, loaded without the tail.
        [FieldOffset(12)]
        public uint Stamp;
    }

    /// <summary>An entry's stamp (its tail's high half), read alone where the byte order allows.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint StampOf(ref RawEntry entry) => BitConverter.IsLittleEndian ? entry.Stamp : (uint)(entry.Tail >> 32);

    /// <summary>The message's stamp (<see cref="_stamp"/>'s high half), read alone where the byte order allows: a compare with memory, no shift.</summary>
    private uint StampHigh
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => BitConverter.IsLittleEndian ? Unsafe.Add(ref Unsafe.As<ulong, uint>(ref _stamp), 1) : (uint)(_stamp >> 32);
    }

    /// <summary>The keys of the message so far.</summary>
    public int Count => _count + _objects.Count;

    /// <summary>Messages still to start with object keys (see <see cref="ConfirmBeforeProgramCode"/>), for tests.</summary>
    internal int ObjectKeyMessages => _objectKeyMessages;

    /// <summary>True while this message's keys are raw addresses, for tests.</summary>
    internal bool IsRaw => _raw;

    /// <summary>
    /// The index of <paramref name="key"/> when it is in the pool; else adds it with the count before the addition as its
    /// index and returns -1. In a raw run with room, one compare leads to the probe of raw addresses, inline.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int IndexOfOrAdd(object key)
    {
        if (_count < _room)
        {
            return RawIndexOfOrAdd(key);
        }
        return IndexOfOrAddSlow(key);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int RawIndexOfOrAdd(object key)
    {
        int count = _count;
        RawEntry[] entries = _table;
        nuint mask = (nuint)entries.Length - 1;
        ulong address = (ulong)Unsafe.As<object, nint>(ref key);
        // The top bits of the scrambled address are below the table's length already (see IdentityMap.SlotOf).
        nuint i = mask < IdentityMap<int>.MinBlockedSlots - 1
            ? (nuint)(address * 0x9E3779B97F4A7C15UL >> _shift)
            : (nuint)IdentityMap<int>.BlockedSlotOf(address, (int)mask, _shift);
        uint stamp = (uint)(_stamp >> 32);
        ref RawEntry first = ref MemoryMarshal.GetArrayDataReference(entries);
        while (true)
        {
            ref RawEntry entry = ref Unsafe.Add(ref first, i);
            ulong tail = entry.Tail;
            if ((uint)(tail >> 32) != stamp)
            {
                // Empty, or an entry of an earlier message.
                entry.Address = address;
                entry.Tail = _stamp | (uint)count;
                _count = count + 1;
                return -1;
            }
            if (entry.Address == address)
            {
                return (int)(uint)tail;
            }
            i = (i + 1) & mask;
        }
    }

    /// <summary><see cref="IndexOfOrAddInRoom"/>'s answer when it did not probe (the caller takes <see cref="IndexOfOrAdd"/>).</summary>
    public const int NotProbed = -2;

    /// <summary>
    /// <see cref="IndexOfOrAdd"/>'s common case without any call, for a leaf caller: in a raw run with room, the index
    /// of <paramref name="key"/> or -1 when it was added; otherwise (object keys, or the table due to grow or to look at
    /// the count) <see cref="NotProbed"/>, having done nothing.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int IndexOfOrAddInRoom(object key)
    {
        // Few live values (the caller is a leaf: more than the scratch registers and the JIT saves some): the count, the
        // stamp and the mask are read again where they are used.
        RawEntry[] entries = _table;
        if (_count >= _room)
        {
            return NotProbed;
        }
        // The same address as Unsafe.As<object, nint>(ref key), taken from the first field's: the ref to the argument would
        // make it an address-taken local, kept in memory.
        ulong address = AddressOf(key);
        nuint i = entries.Length < IdentityMap<int>.MinBlockedSlots
            ? (nuint)(address * 0x9E3779B97F4A7C15UL >> _shift)
            : (nuint)IdentityMap<int>.BlockedSlotOfInline(address, entries.Length - 1, _shift);
        while (true)
        {
            ref RawEntry entry = ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(entries), i);
            if (StampOf(ref entry) != StampHigh)
            {
                // Empty, or an entry of an earlier message. The count read again (not kept from the test above: one
                // register more through the loop).
                int count = Volatile.Read(ref _count);
                entry.Address = address;
                entry.Tail = _stamp | (uint)count;
                _count = count + 1;
                return -1;
            }
            if (entry.Address == address)
            {
                return (int)(uint)entry.Tail;
            }
            i = (i + 1) & (nuint)(entries.Length - 1);
        }
    }

    /// <summary>The address of <paramref name="key"/> (where its method table pointer is), as a number.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong AddressOf(object key) =>
        (ulong)Unsafe.ByteOffset(ref Unsafe.NullRef<byte>(), ref Unsafe.As<RawData>(key).Data) - (ulong)IntPtr.Size;

    // An object's layout as far as its first field: what RuntimeHelpers.GetRawData reads.
    private sealed class RawData
    {
#pragma warning disable CS0649 // never made: only its field's offset is used
        public byte Data;
#pragma warning restore CS0649
    }

    /// <summary><see cref="IndexOfOrAdd"/> outside the fast case: object keys, or a raw run due to grow or to look at the count.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int IndexOfOrAddSlow(object key)
    {
        if (!_raw)
        {
            return _objects.IndexOfOrAdd(key);
        }
        Debug.Assert(_room != 0, "No key is looked up after the raw run is confirmed.");
        MakeRoom();
        return RawIndexOfOrAdd(key);
    }

    /// <summary>
    /// Starts an unchecked message (see <see cref="IdentityMap{TValue}.BeginUnchecked"/>): by raw addresses, unless the
    /// session met program code in a raw run lately (then object keys, unchecked).
    /// </summary>
    public void BeginUnchecked()
    {
        Debug.Assert(Count == 0, "A message starts on an empty pool.");
        if (_objectKeyMessages > 0)
        {
            _objectKeyMessages--;
            _objects.BeginUnchecked(int.MaxValue);
            return;
        }
        _raw = true;
        _collections = GC.CollectionCount(0);
        _nextCheckpoint = IdentityMap<int>.MaxKeysByAddress;
        _room = Math.Min(_table.Length / 2, _nextCheckpoint);
    }

    /// <summary>
    /// Ends the message's unchecked run, at its end: throws <see cref="CollectionDuringMessageException"/> when a
    /// collection ran during it (the caller writes the message again, checked).
    /// </summary>
    public void Confirm()
    {
        if (_raw)
        {
            ThrowIfCollected();
            _room = 0;
        }
        else
        {
            _objects.Confirm();
        }
    }

    /// <summary>
    /// Before code of the program runs in the middle of a message (it must not run twice for one message, and may
    /// allocate, collect and change objects): object keys, checked, from here on. A raw run cannot be turned into object
    /// keys (an address is not a reference the collector knows), so it ends here with
    /// <see cref="ObjectKeysNeededException"/> (or <see cref="CollectionDuringMessageException"/> after a collection),
    /// before any such code ran, and the caller writes the message again with object keys, as the session's next
    /// messages begin (see <see cref="FirstObjectKeyPeriod"/>).
    /// </summary>
    public void ConfirmBeforeProgramCode()
    {
        if (_raw)
        {
            ThrowIfCollected();
            _objectKeyMessages = _objectKeyPeriod;
            _objectKeyPeriod = Math.Min(_objectKeyPeriod * 2, MaxObjectKeyPeriod);
            throw new ObjectKeysNeededException();
        }
        _objects.Confirm();
    }

    /// <summary>
    /// True while an unchecked run is on and a collection has run since it began: whatever the run concluded since (an
    /// error included) is in doubt, and the caller writes the message again, checked.
    /// </summary>
    public bool UncheckedRunInDoubt => _raw ? _room != 0 && Collected : _objects.UncheckedRunInDoubt;

    private bool Collected => GC.CollectionCount(0) != _collections;

    private void ThrowIfCollected()
    {
        if (Collected)
        {
            throw new CollectionDuringMessageException();
        }
    }

    /// <summary>
    /// A raw run reached its room: looks at the collection count when the checkpoint is due (a big message that a
    /// collection interrupted is given up early), grows the table at half load.
    /// </summary>
    private void MakeRoom()
    {
        if (_count >= _nextCheckpoint)
        {
            ThrowIfCollected();
            _nextCheckpoint = (int)Math.Min((long)_count + IdentityMap<int>.MaxKeysByAddress, int.MaxValue);
        }
        if ((_count + 1) * 2 > _table.Length)
        {
            Grow();
        }
        _room = Math.Min(_table.Length / 2, _nextCheckpoint);
    }

    /// <summary>Places this message's keys in a table twice the size (the entries of earlier messages stay behind).</summary>
    private void Grow()
    {
        RawEntry[] old = _table;
        var entries = new RawEntry[old.Length * 2];
        int mask = entries.Length - 1;
        int shift = IdentityMap<int>.ShiftFor(entries.Length);
        uint stamp = (uint)(_stamp >> 32);
        foreach (RawEntry entry in old)
        {
            if ((uint)(entry.Tail >> 32) == stamp)
            {
                int i = IdentityMap<int>.SlotOfAddress(entry.Address, mask, shift);
                while (entries[i].Tail != 0)
                {
                    i = (i + 1) & mask;
                }
                entries[i] = entry;
            }
        }
        _table = entries;
        _shift = shift;
    }

    /// <summary>
    /// Forgets the message's keys. Raw ones by the next stamp (nothing to clear, and nothing kept alive: the table holds
    /// numbers); a table past <see cref="IdentityMap{TValue}.MaxRetainedSlots"/> that this message filled to less than
    /// an eighth is dropped, as the map of object keys drops its own.
    /// </summary>
    public void Clear()
    {
        if (!_raw)
        {
            _objects.Clear();
            return;
        }
        _raw = false;
        _room = 0;
        if (_count == 0)
        {
            return;
        }
        if (_table.Length > IdentityMap<int>.MaxRetainedSlots && _count * 8 < _table.Length)
        {
            _table = new RawEntry[InitialSlots];
            _shift = IdentityMap<int>.ShiftFor(InitialSlots);
        }
        else
        {
            NextStamp();
        }
        _count = 0;
    }

    private void NextStamp()
    {
        _stamp += 1UL << 32;
        if (_stamp == 0)
        {
            // Once in 2^32 messages: an entry of the stamp that comes round again must not count as this message's.
            Array.Clear(_table);
            _stamp = 1UL << 32;
        }
    }

    /// <summary>Sets the stamp the next messages count from, for the test of its wrap.</summary>
    internal void SetStampForTest(uint stamp) => _stamp = (ulong)stamp << 32;
}

/// <summary>
/// Code of the program was due in a message written with raw addresses (see <see cref="WritePool.ConfirmBeforeProgramCode"/>):
/// the message is written again with object keys, before that code ran. Never leaves the serializer.
/// </summary>
internal sealed class ObjectKeysNeededException()
    : Exception("Code of the program is due in a message written by raw addresses; it is written again with object keys.");
