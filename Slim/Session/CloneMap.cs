using System.Runtime.CompilerServices;

namespace NFX.Slim.Session;

/// <summary>
/// The deep clone's map from a source object (by identity, never Equals/GetHashCode overrides) to its clone and the
/// clone's index: an open-addressing table keyed by <see cref="RuntimeHelpers.GetHashCode(object)"/>, linear probing,
/// grown at half load. Source, clone and index sit side by side, so a back-reference costs one probe (no second
/// lookup of the clone by index: in a 50,000-object graph that second lookup missed the cache as often as the probe).
/// </summary>
internal sealed class CloneMap
{
    // A table this large (1M slots) is kept between clones; a bigger one is dropped so one huge graph does not pin its
    // table (and the clones it references) for the life of the pooled session.
    private const int MaxRetainedSlots = 1 << 20;
    private const int InitialSlots = 32;

    private Entry[] _entries = new Entry[InitialSlots];
    // The slots in use, in insertion order: a table grown by one big graph is cleared slot by slot after a small one.
    private int[] _used = new int[InitialSlots / 2];
    private int _count;

    /// <summary>One source and what it became.</summary>
    public struct Entry
    {
        /// <summary>The source object (null: a free slot).</summary>
        public object? Source;

        /// <summary>Its clone; null while a value built inline (its header clones its contents) is being made.</summary>
        public object? Clone;

        /// <summary>The clone's index, in the order clones were announced.</summary>
        public int Index;
    }

    /// <summary>How many sources are mapped.</summary>
    public int Count => _count;

    /// <summary>
    /// Finds <paramref name="source"/>, or adds it (clone null, index 0); returns its entry, valid only until the next
    /// addition (which may grow the table).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ref Entry FindOrAdd(object source, out bool exists)
    {
        if ((_count + 1) * 2 > _entries.Length)
        {
            Grow();
        }
        Entry[] entries = _entries;
        int mask = entries.Length - 1;
        int i = RuntimeHelpers.GetHashCode(source) & mask;
        while (true)
        {
            ref Entry entry = ref entries[i];
            if (entry.Source is null)
            {
                entry.Source = source;
                _used[_count++] = i;
                exists = false;
                return ref entry;
            }
            if (ReferenceEquals(entry.Source, source))
            {
                exists = true;
                return ref entry;
            }
            i = (i + 1) & mask;
        }
    }

    /// <summary>Sets the clone of a source already added (its entry may have moved since, if the table grew).</summary>
    public void SetClone(object source, object clone)
    {
        Entry[] entries = _entries;
        int mask = entries.Length - 1;
        int i = RuntimeHelpers.GetHashCode(source) & mask;
        while (!ReferenceEquals(entries[i].Source, source))
        {
            i = (i + 1) & mask;
        }
        entries[i].Clone = clone;
    }

    /// <summary>Forgets every source and clone (nothing of the last clone stays reachable) and keeps the table.</summary>
    public void Clear()
    {
        if (_count == 0)
        {
            return;
        }
        if (_entries.Length > MaxRetainedSlots)
        {
            _entries = new Entry[InitialSlots];
            _used = new int[InitialSlots / 2];
        }
        else if (_count * 8 < _entries.Length)
        {
            Entry[] entries = _entries;
            foreach (int i in _used.AsSpan(0, _count))
            {
                entries[i] = default;
            }
        }
        else
        {
            Array.Clear(_entries);
        }
        _count = 0;
    }

    private void Grow()
    {
        Entry[] old = _entries;
        var entries = new Entry[old.Length * 2];
        var used = new int[entries.Length / 2];
        int mask = entries.Length - 1;
        // Re-inserted in insertion order, so the used list stays in that order.
        for (int n = 0; n < _count; n++)
        {
            ref Entry entry = ref old[_used[n]];
            int i = RuntimeHelpers.GetHashCode(entry.Source!) & mask;
            while (entries[i].Source is not null)
            {
                i = (i + 1) & mask;
            }
            entries[i] = entry;
            used[n] = i;
        }
        _entries = entries;
        _used = used;
    }
}
