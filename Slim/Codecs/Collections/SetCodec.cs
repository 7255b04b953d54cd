using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// A set (HashSet, SortedSet) by its contents: the comparer in the header, count and elements as the body, added
/// through <see cref="CollectionFill"/> once elements and comparer are complete.
/// </summary>
internal sealed class SetCodec<TSet, T> : ComparedCollectionCodec<TSet> where TSet : class, ISet<T>
{
    private readonly ElementAccess<T> _element;

    public SetCodec(ValueExpressions values, CodecCache codecs, Func<object?, TSet> create, Func<TSet, object?> comparer,
        object defaultComparer, Type comparerType) : base(codecs, create, comparer, defaultComparer, comparerType)
    {
        _element = new ElementAccess<T>(values, typeof(TSet).Name);
    }

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        var set = (TSet)value;
        writer.WriteVarUInt32((uint)set.Count);
        foreach (T item in set)
        {
            _element.Write(writer, item, session);
        }
    }

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        int count = reader.ReadLength(Type.Name, _element.MinWireBytes);
        var items = new T[count];
        for (int i = 0; i < count; i++)
        {
            items[i] = _element.Read(reader, session);
        }
        var set = (TSet)instance;
        new Fill(set, items, reader.Position).FillNowOrDefer(CanFillNow(set), session);
    }

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
        var set = (TSet)target;
        new Fill(set, items, 0).FillNowOrDefer(CanFillNow(set), session);
    }

    private bool CanFillNow(TSet set) => CanFillNow(set, _element.IsImmutableData);

    private sealed class Fill(TSet set, T[] items, long offset) : CollectionFill(typeof(TSet), offset)
    {
        protected override void Rebuild(int maxHashCollisions)
        {
            if (set is HashSet<T> hashed)
            {
                HashFloodGuard.Prepare(hashed, items, maxHashCollisions, Offset); // bounded hash chains (docs/SECURITY.md)
            }
            foreach (T item in items)
            {
                if (!set.Add(item))
                {
                    ThrowDuplicate("element");
                }
            }
        }
    }
}
