using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// A set (HashSet, SortedSet) by its contents: the comparer in the header, count and elements as the body, added
/// through <see cref="CollectionFill"/> once elements and comparer are complete.
/// </summary>
internal sealed class SetCodec<TSet, T> : SlimCodec where TSet : class, ISet<T>
{
    private readonly ElementAccess<T> _element;
    private readonly Func<object?, TSet> _create;
    private readonly Func<TSet, object?> _comparer;
    private readonly object _defaultComparer;
    private readonly ReferenceSlot _comparerSlot;

    public SetCodec(ValueExpressions values, CodecCache codecs, Func<object?, TSet> create, Func<TSet, object?> comparer,
        object defaultComparer, Type comparerType) : base(typeof(TSet))
    {
        _element = new ElementAccess<T>(values, typeof(TSet).Name);
        _create = create;
        _comparer = comparer;
        _defaultComparer = defaultComparer;
        _comparerSlot = codecs.SlotFor(comparerType, typeof(TSet).Name + " comparer");
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
        var set = (TSet)instance;
        new Fill(set, items, reader.Position).FillNowOrDefer(CanFillNow(set), session);
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
        var set = (TSet)target;
        new Fill(set, items, 0).FillNowOrDefer(CanFillNow(set), session);
    }

    private bool CanFillNow(TSet set) => CollectionFill.CanFillNow(_element.IsImmutableData, _comparer(set), _defaultComparer);

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
