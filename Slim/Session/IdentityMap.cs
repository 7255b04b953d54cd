using System.Runtime.CompilerServices;

namespace NFX.Slim.Session;

/// <summary>
/// A map keyed by object identity (never Equals/GetHashCode overrides): an open-addressing table keyed by
/// <see cref="RuntimeHelpers.GetHashCode(object)"/>, linear probing, grown at half load. Faster than a Dictionary with
/// a comparer because nothing is called through an interface. Used for the write pool (object -> index) and the
/// clone map (source -> clone).
/// </summary>
internal sealed class IdentityMap<TValue>
{
    // A table up to this size (2M slots, 32 MB) is always kept between messages; a bigger one only while the messages
    // still fill it (see Clear).
    private const int MaxRetainedSlots = 1 << 21;
    private const int InitialSlots = 16;
    // Up to this size (256 KB, in the L2 cache) clearing the used slots one by one beats clearing the whole table.
    private const int ClearUsedUpToSlots = 1 << 14;

    // Key and value side by side: a probe touches one cache line, not two arrays.
    private Entry[] _entries = new Entry[InitialSlots];
    // The slots in use, in insertion order: a table grown by one big message is cleared slot by slot after a small
    // one, instead of every slot after every message.
    private int[] _used = new int[InitialSlots / 2];
    private int _count;

    private struct Entry
    {
        public object? Key;
        public TValue Value;
    }

    public int Count => _count;

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
        if ((_count + 1) * 2 > _entries.Length)
        {
            Grow();
        }
        Entry[] entries = _entries;
        int mask = entries.Length - 1;
        int i = RuntimeHelpers.GetHashCode(key) & mask;
        while (true)
        {
            ref Entry entry = ref entries[i];
            if (entry.Key is null)
            {
                entry.Key = key;
                _used[_count++] = i;
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
    /// Forgets every key (so nothing of the last message stays reachable). The table is kept for the next message, except
    /// a table past <see cref="MaxRetainedSlots"/> that this message filled to less than an eighth: one huge message
    /// does not pin its table for the life of the pooled session, while a run of huge messages (the same big graph
    /// written again) reuses it instead of growing it again through every size - which, with each growth re-inserting
    /// every key at random places, cost more than the writing itself from a few million objects on.
    /// </summary>
    public void Clear()
    {
        if (_count == 0)
        {
            return;
        }
        if (_entries.Length > MaxRetainedSlots && _count * 8 < _entries.Length)
        {
            _entries = new Entry[InitialSlots];
            _used = new int[InitialSlots / 2];
        }
        else if (_entries.Length <= ClearUsedUpToSlots || _count * 8 < _entries.Length)
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
            int i = RuntimeHelpers.GetHashCode(entry.Key!) & mask;
            while (entries[i].Key is not null)
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
