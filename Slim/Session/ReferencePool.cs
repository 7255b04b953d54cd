using System.Runtime.CompilerServices;

namespace NFX.Slim.Session;

/// <summary>
/// Object -> pool index by reference identity (never Equals/GetHashCode overrides): an open-addressing table keyed by
/// <see cref="RuntimeHelpers.GetHashCode(object)"/>, linear probing, grown at half load. Faster than a Dictionary
/// with a comparer because nothing is called through an interface.
/// </summary>
internal sealed class ReferencePool
{
    private object?[] _keys = new object?[64];
    private int[] _values = new int[64];
    private int _count;

    public int Count => _count;

    /// <summary>Returns the index of <paramref name="value"/>, or adds it with the next index and returns -1.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int GetOrAdd(object value)
    {
        object?[] keys = _keys;
        int mask = keys.Length - 1;
        int i = RuntimeHelpers.GetHashCode(value) & mask;
        while (true)
        {
            object? key = keys[i];
            if (key is null)
            {
                break;
            }
            if (ReferenceEquals(key, value))
            {
                return _values[i];
            }
            i = (i + 1) & mask;
        }
        keys[i] = value;
        _values[i] = _count++;
        if (_count * 2 > keys.Length)
        {
            Grow();
        }
        return -1;
    }

    public void Clear()
    {
        if (_count == 0)
        {
            return;
        }
        if (_keys.Length > 1 << 16)
        {
            // A huge message should not pin a huge table for the life of the pooled session.
            _keys = new object?[64];
            _values = new int[64];
        }
        else
        {
            Array.Clear(_keys);
        }
        _count = 0;
    }

    private void Grow()
    {
        object?[] oldKeys = _keys;
        int[] oldValues = _values;
        var keys = new object?[oldKeys.Length * 2];
        var values = new int[keys.Length];
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
