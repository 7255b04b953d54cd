using System.Collections.Concurrent;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// A dictionary (Dictionary, SortedDictionary, SortedList, ConcurrentDictionary) by its contents: the comparer in the
/// header, then count and key/value pairs as the body. The pairs are added through <see cref="CollectionFill"/>: at
/// once when keys and comparer are complete on reading, else once everything the dictionary reaches is complete. A
/// hashed dictionary rebuilt from input gets a randomly padded capacity, so keys crafted to collide under the size
/// the sender chose do not pile into one bucket chain (hash flooding).
/// </summary>
internal sealed class DictionaryCodec<TDictionary, TKey, TValue> : ComparedCollectionCodec<TDictionary>
    where TDictionary : class, IDictionary<TKey, TValue>
    where TKey : notnull
{
    private readonly ElementAccess<TKey> _key;
    private readonly ElementAccess<TValue> _value;

    public DictionaryCodec(ValueExpressions values, CodecCache codecs, Func<object?, TDictionary> create,
        Func<TDictionary, object?> comparer, object defaultComparer, Type comparerType)
        : base(codecs, create, comparer, defaultComparer, comparerType)
    {
        _key = new ElementAccess<TKey>(values, typeof(TDictionary).Name + " key");
        _value = new ElementAccess<TValue>(values, typeof(TDictionary).Name + " value");
    }

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        switch (value)
        {
            case Dictionary<TKey, TValue> dictionary:
                // The common case, enumerated with its struct enumerator: nothing is allocated.
                writer.WriteVarUInt32((uint)dictionary.Count);
                foreach (KeyValuePair<TKey, TValue> pair in dictionary)
                {
                    WritePair(writer, pair, session);
                }
                break;
            case ConcurrentDictionary<TKey, TValue> concurrent:
                // A snapshot: other threads may add or remove while we write, and count and entries must agree.
                KeyValuePair<TKey, TValue>[] snapshot = concurrent.ToArray();
                writer.WriteVarUInt32((uint)snapshot.Length);
                foreach (KeyValuePair<TKey, TValue> pair in snapshot)
                {
                    WritePair(writer, pair, session);
                }
                break;
            default:
                var other = (TDictionary)value;
                writer.WriteVarUInt32((uint)other.Count);
                foreach (KeyValuePair<TKey, TValue> pair in other)
                {
                    WritePair(writer, pair, session);
                }
                break;
        }
    }

    private void WritePair(SlimWriter writer, KeyValuePair<TKey, TValue> pair, WriteSession session)
    {
        _key.Write(writer, pair.Key, session);
        _value.Write(writer, pair.Value, session);
    }

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        int count = reader.ReadLength(Type.Name, _key.MinWireBytes + _value.MinWireBytes);
        var keys = new TKey[count];
        var values = new TValue[count];
        for (int i = 0; i < count; i++)
        {
            keys[i] = _key.Read(reader, session);
            values[i] = _value.Read(reader, session);
        }
        var dictionary = (TDictionary)instance;
        new Fill(dictionary, keys, values, reader.Position).FillNowOrDefer(CanFillNow(dictionary), session);
    }

    public override void CloneBody(object source, object target, CloneSession session)
    {
        if (source is Dictionary<TKey, TValue> from && target is Dictionary<TKey, TValue> to && CanFillNow((TDictionary)target))
        {
            CloneHashed(from, to, session);
            return;
        }
        KeyValuePair<TKey, TValue>[] pairs = [.. (TDictionary)source];
        var keys = new TKey[pairs.Length];
        var values = new TValue[pairs.Length];
        for (int i = 0; i < pairs.Length; i++)
        {
            keys[i] = _key.IsImmutableData ? pairs[i].Key : _key.Clone(pairs[i].Key, session);
            values[i] = _value.IsImmutableData ? pairs[i].Value : _value.Clone(pairs[i].Value, session);
        }
        var dictionary = (TDictionary)target;
        new Fill(dictionary, keys, values, 0).FillNowOrDefer(CanFillNow(dictionary), session);
    }

    /// <summary>
    /// The common case, filled in place: keys that are their own clones under a comparer that is complete (the default
    /// or a well-known string comparer), taken from a valid dictionary, so no flood check and no gathering arrays: the
    /// values are cloned in the source's order, as the general path does, and added as they come. The copy's table has
    /// the source's size (<see cref="HashFloodGuard.SizeCopy"/>), so its chains are the source's.
    /// </summary>
    private void CloneHashed(Dictionary<TKey, TValue> from, Dictionary<TKey, TValue> to, CloneSession session)
    {
        HashFloodGuard.SizeCopy(to, from);
        bool copyValues = _value.IsImmutableData;
        Func<TValue, CloneSession, TValue> clone = _value.Clone;
        foreach (KeyValuePair<TKey, TValue> pair in from)
        {
            to.Add(pair.Key, copyValues ? pair.Value : clone(pair.Value, session));
        }
    }

    private bool CanFillNow(TDictionary dictionary) => CanFillNow(dictionary, _key.IsImmutableData);

    private static void SortIfNeeded(TKey[] keys, TValue[] values, IComparer<TKey> comparer)
    {
        for (int i = 1; i < keys.Length; i++)
        {
            if (keys[i - 1] is not null && keys[i] is not null && comparer.Compare(keys[i - 1], keys[i]) > 0)
            {
                Array.Sort(keys, values, comparer); // introsort: O(n log n) whatever the order
                return;
            }
        }
    }

    private sealed class Fill(TDictionary dictionary, TKey[] keys, TValue[] values, long offset) : CollectionFill(typeof(TDictionary), offset)
    {
        protected override void Rebuild(int maxHashCollisions)
        {
            // Hostile-input guards (docs/SECURITY.md): bounded hash chains; sorted input for SortedList, whose Add
            // shifts the tail of its arrays, so keys arriving in descending order would make the rebuild quadratic.
            if (dictionary is Dictionary<TKey, TValue> hashed)
            {
                HashFloodGuard.Prepare(hashed, keys, maxHashCollisions, Offset);
                if (hashed.GetType() == typeof(Dictionary<TKey, TValue>)) // a subclass may re-implement Add
                {
                    FillHashed(hashed);
                    return;
                }
            }
            else if (dictionary is ConcurrentDictionary<TKey, TValue> concurrent)
            {
                HashFloodGuard.CheckSharedHashCodes(typeof(TDictionary), keys, concurrent.Comparer, maxHashCollisions, Offset);
            }
            else if (dictionary is SortedList<TKey, TValue> sorted)
            {
                SortIfNeeded(keys, values, sorted.Comparer);
            }
            for (int i = 0; i < keys.Length; i++)
            {
                TKey key = keys[i];
                if (key is null)
                {
                    SlimThrow.Format($"A null key in a {typeof(TDictionary).Name}", Offset);
                }
                if (dictionary.ContainsKey(key))
                {
                    ThrowDuplicate("key");
                }
                dictionary.Add(key, values[i]);
            }
        }

        /// <summary>The common case without interface calls, and one hash lookup per key (TryAdd finds a duplicate itself).</summary>
        private void FillHashed(Dictionary<TKey, TValue> hashed)
        {
            for (int i = 0; i < keys.Length; i++)
            {
                TKey key = keys[i];
                if (key is null)
                {
                    SlimThrow.Format($"A null key in a {typeof(TDictionary).Name}", Offset);
                }
                if (!hashed.TryAdd(key, values[i]))
                {
                    ThrowDuplicate("key");
                }
            }
        }
    }
}
