using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// A set (HashSet, SortedSet) by its contents: the comparer in the header, count and elements as the body, filled
/// once the elements are complete (see <see cref="DictionaryCodec{TDictionary, TKey, TValue}"/> for why and how).
/// </summary>
internal sealed class SetCodec<TSet, T> : SlimCodec where TSet : class, ISet<T>
{
    private readonly ElementAccess<T> _element;
    private readonly Func<object?, TSet> _create;
    private readonly Func<TSet, object?> _comparer;
    private readonly object _defaultComparer;
    private readonly ReferenceSlot _comparerSlot;
    private readonly bool _completeWhenRead;

    public SetCodec(ValueExpressions values, CodecCache codecs, Func<object?, TSet> create, Func<TSet, object?> comparer,
        object defaultComparer, Type comparerType) : base(typeof(TSet))
    {
        _element = new ElementAccess<T>(values, typeof(TSet).Name);
        _create = create;
        _comparer = comparer;
        _defaultComparer = defaultComparer;
        _comparerSlot = codecs.SlotFor(comparerType, typeof(TSet).Name + " comparer");
        _completeWhenRead = _element.IsImmutableData;
    }

    public override bool HasBody => true;

    /// <summary>The header holds the comparer, which may be a new object: it takes the pool index after this one.</summary>
    public override bool HeaderReadsReferences => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) =>
        ComparerCodec.Write(_comparer((TSet)value), _defaultComparer, writer, session, _comparerSlot);

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        var set = (TSet)value;
        writer.WriteVarUInt32((uint)set.Count);
        foreach (T item in set)
        {
            _element.Write(writer, item, session);
        }
    }

    public override object ReadHeader(SlimReader reader, ReadSession session) => _create(ComparerCodec.Read(reader, session, _comparerSlot));

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        int count = reader.ReadLength(Type.Name, _element.MinWireBytes);
        var items = new T[count];
        for (int i = 0; i < count; i++)
        {
            items[i] = _element.Read(reader, session);
        }
        var fill = new PendingFill((TSet)instance, items, reader.Position);
        if (_completeWhenRead)
        {
            fill.Fill(session);
        }
        else
        {
            session.Defer(fill);
        }
    }

    public override object CloneHeader(object source, CloneSession session) =>
        _create(ComparerCodec.Clone(_comparer((TSet)source), _defaultComparer, session));

    public override void CloneBody(object source, object target, CloneSession session)
    {
        T[] items = [.. (TSet)source];
        if (!_element.IsImmutableData)
        {
            for (int i = 0; i < items.Length; i++)
            {
                items[i] = _element.Clone(items[i], session);
            }
        }
        var fill = new PendingFill((TSet)target, items, 0);
        if (_completeWhenRead)
        {
            fill.Fill();
        }
        else
        {
            session.Defer(fill);
        }
    }

    private sealed class PendingFill(TSet set, T[] items, long offset) : IDeferredFill, IDeferredCloneFill
    {
        public void Fill(ReadSession session) => Fill(session.Limits.MaxHashCollisions);

        public void Fill() => Fill(int.MaxValue); // a clone: the items are already a valid set's

        private void Fill(int maxHashCollisions)
        {
            if (set is HashSet<T> hashed)
            {
                try
                {
                    HashFloodGuard.Prepare(hashed, items, maxHashCollisions, offset); // bounded hash chains (docs/SECURITY.md)
                }
                catch (Exception e) when (e is not SlimException and not OutOfMemoryException)
                {
                    throw new SlimDeserializationException($"Rebuilding a {typeof(TSet).Name} failed: {e.Message}", e);
                }
            }
            foreach (T item in items)
            {
                bool added;
                try
                {
                    added = set.Add(item);
                }
                catch (Exception e)
                {
                    throw new SlimDeserializationException($"Rebuilding a {typeof(TSet).Name} failed: {e.Message}", e);
                }
                if (!added)
                {
                    SlimThrow.Format($"Duplicate element in a {typeof(TSet).Name}", offset);
                }
            }
        }
    }
}
