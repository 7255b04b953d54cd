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
    // A table this large (2M slots) is kept between messages; a bigger one is dropped so one huge message does not
    // pin its table for the life of the pooled session.
    private const int MaxRetainedSlots = 1 << 21;
    private const int InitialSlots = 64;

    private object?[] _keys = new object?[InitialSlots];
    private TValue[] _values = new TValue[InitialSlots];
    private int _count;

    public int Count => _count;

    /// <summary>Finds <paramref name="key"/>; when absent, adds it with <paramref name="valueIfAbsent"/> and returns false.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool GetOrAdd(object key, TValue valueIfAbsent, out TValue value)
    {
        object?[] keys = _keys;
        int mask = keys.Length - 1;
        int i = RuntimeHelpers.GetHashCode(key) & mask;
        while (true)
        {
            object? slot = keys[i];
            if (slot is null)
            {
                break;
            }
            if (ReferenceEquals(slot, key))
            {
                value = _values[i];
                return true;
            }
            i = (i + 1) & mask;
        }
        keys[i] = key;
        _values[i] = valueIfAbsent;
        value = valueIfAbsent;
        if (++_count * 2 > keys.Length)
        {
            Grow();
        }
        return false;
    }

    /// <summary>
    /// Finds <paramref name="key"/>, or adds it with a default value; returns a reference to its value, valid only until
    /// the next addition (which may grow the table).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ref TValue GetValueRefOrAddDefault(object key, out bool exists)
    {
        object?[] keys = _keys;
        int mask = keys.Length - 1;
        int i = RuntimeHelpers.GetHashCode(key) & mask;
        while (true)
        {
            object? slot = keys[i];
            if (slot is null)
            {
                break;
            }
            if (ReferenceEquals(slot, key))
            {
                exists = true;
                return ref _values[i];
            }
            i = (i + 1) & mask;
        }
        exists = false;
        if ((_count + 1) * 2 > keys.Length)
        {
            Grow();
            return ref GetValueRefOrAddDefault(key, out exists);
        }
        keys[i] = key;
        _count++;
        return ref _values[i];
    }

    /// <summary>Finds the value stored for <paramref name="key"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryGetValue(object key, out TValue value)
    {
        object?[] keys = _keys;
        int mask = keys.Length - 1;
        int i = RuntimeHelpers.GetHashCode(key) & mask;
        while (true)
        {
            object? slot = keys[i];
            if (slot is null)
            {
                value = default!;
                return false;
            }
            if (ReferenceEquals(slot, key))
            {
                value = _values[i];
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// <summary>Adds a key known to be absent.</summary>
    public void Add(object key, TValue value) => GetOrAdd(key, value, out _);

    public void Clear()
    {
        if (_count == 0)
        {
            return;
        }
        if (_keys.Length > MaxRetainedSlots)
        {
            _keys = new object?[InitialSlots];
            _values = new TValue[InitialSlots];
        }
        else
        {
            Array.Clear(_keys);
            if (RuntimeHelpers.IsReferenceOrContainsReferences<TValue>())
            {
                Array.Clear(_values);
            }
        }
        _count = 0;
    }

    private void Grow()
    {
        object?[] oldKeys = _keys;
        TValue[] oldValues = _values;
        var keys = new object?[oldKeys.Length * 2];
        var values = new TValue[keys.Length];
        int mask = keys.Length - 1;
        for (int j = 0; j < oldKeys.Length; j++)
        {
            object? key = oldKeys[j];
            if (key is null)
            {
                continue;
            }
            int i = RuntimeHelpers.GetHashCode(key) & mask;
            while (keys[i] is not null)
            {
                i = (i + 1) & mask;
            }
            keys[i] = key;
            values[i] = oldValues[j];
        }
        _keys = keys;
        _values = values;
    }
}
