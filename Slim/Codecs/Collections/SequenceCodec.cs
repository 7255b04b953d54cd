using System.Collections.Concurrent;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// An ordered collection rebuilt by adding its elements (Queue, Stack, ObservableCollection, the
/// concurrent queue/stack/bag): an empty collection at first sight, then count and elements in enumeration order as
/// the body. Collections that enumerate in reverse of insertion (stacks, bags) are rebuilt by adding in reverse, so
/// the copy enumerates in the same order as the original.
/// </summary>
internal sealed class SequenceCodec<TCollection, T> : SlimCodec where TCollection : class, IEnumerable<T>
{
    private readonly ElementAccess<T> _element;
    private readonly Func<TCollection> _create;
    private readonly Action<TCollection, T> _add;
    private readonly bool _addInReverse;

    public SequenceCodec(ValueExpressions values, Func<TCollection> create, Action<TCollection, T> add, bool addInReverse)
        : base(typeof(TCollection))
    {
        _element = new ElementAccess<T>(values, typeof(TCollection).Name);
        _create = create;
        _add = add;
        _addInReverse = addInReverse;
    }

    public override bool HasBody => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) { }

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        Action<SlimWriter, T, WriteSession> write = _element.Write;
        if (value is IProducerConsumerCollection<T> concurrent)
        {
            // A snapshot: other threads may change the collection while we write, and count and items must agree.
            T[] items = concurrent.ToArray();
            writer.WriteVarUInt32((uint)items.Length);
            foreach (T item in items)
            {
                write(writer, item, session);
            }
            return;
        }
        var collection = (TCollection)value;
        writer.WriteVarUInt32((uint)((IReadOnlyCollection<T>)collection).Count);
        foreach (T item in collection)
        {
            write(writer, item, session);
        }
    }

    public override object ReadHeader(SlimReader reader, ReadSession session) => _create();

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        int count = reader.ReadLength(Type.Name, _element.MinWireBytes);
        var items = new T[count];
        Func<SlimReader, ReadSession, T> read = _element.Read;
        for (int i = 0; i < items.Length; i++)
        {
            items[i] = read(reader, session);
        }
        AddAll((TCollection)instance, items);
    }

    public override object CloneHeader(object source, CloneSession session) => _create();

    public override void CloneBody(object source, object target, CloneSession session)
    {
        T[] items = [.. (TCollection)source];
        if (!_element.IsImmutableData)
        {
            Func<T, CloneSession, T> clone = _element.Clone;
            for (int i = 0; i < items.Length; i++)
            {
                items[i] = clone(items[i], session);
            }
        }
        AddAll((TCollection)target, items);
    }

    private void AddAll(TCollection collection, T[] items)
    {
        if (_addInReverse)
        {
            for (int i = items.Length - 1; i >= 0; i--)
            {
                _add(collection, items[i]);
            }
        }
        else
        {
            foreach (T item in items)
            {
                _add(collection, item);
            }
        }
    }
}
