using System.Runtime.InteropServices;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>A <see cref="List{T}"/> by its contents: an empty list at first sight, then count and elements as the body.</summary>
internal sealed class ListCodec<T> : SlimCodec
{
    private readonly ElementAccess<T> _element;
    private readonly ReferenceSlot? _slot;

    public ListCodec(ValueExpressions values, CodecCache codecs) : base(typeof(List<T>))
    {
        _element = new ElementAccess<T>(values, $"List<{typeof(T).Name}>");
        HeaderIsEmpty = true;
        IsPlainList = true;
        CloneHeaderIsLeaf = true;
        CloneNeedsBody = !_element.IsImmutableData;
        _slot = ElementAccess<T>.CloneSlot(codecs, $"List<{typeof(T).Name}> element");
    }

    public override bool HasBody => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) { }

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        ReadOnlySpan<T> items = CollectionsMarshal.AsSpan((List<T>)value);
        writer.WriteVarUInt32((uint)items.Length);
        Action<SlimWriter, T, WriteSession> write = _element.Write;
        foreach (T item in items)
        {
            write(writer, item, session);
        }
    }

    public override object ReadHeader(SlimReader reader, ReadSession session) => new List<T>();

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        var list = (List<T>)instance;
        ReadCount(reader, list);
        Span<T> items = CollectionsMarshal.AsSpan(list);
        Func<SlimReader, ReadSession, T> read = _element.Read;
        for (int i = 0; i < items.Length; i++)
        {
            items[i] = read(reader, session);
        }
    }

    /// <summary>
    /// The start of the body: reads the count (checked against the bytes left and the limits) and makes the list that
    /// long, its elements default; also for generated code that reads the elements in place.
    /// </summary>
    public void ReadCount(SlimReader reader, List<T> list)
    {
        int count = reader.ReadLength(Type.Name, _element.MinWireBytes);
        if (list.Capacity < count)
        {
            // Exactly the count: SetCount on the new (empty) list would grow it to List's default 4 at least.
            list.Capacity = count;
        }
        CollectionsMarshal.SetCount(list, count);
    }

    /// <summary>A list of the same count; when the elements are their own clones (plain data, strings), already filled.</summary>
    public override object CloneHeader(object source, CloneSession session)
    {
        ReadOnlySpan<T> from = CollectionsMarshal.AsSpan((List<T>)source);
        var clone = new List<T>(from.Length);
        if (!CloneNeedsBody)
        {
            CollectionsMarshal.SetCount(clone, from.Length);
            from.CopyTo(CollectionsMarshal.AsSpan(clone));
        }
        return clone;
    }

    public override void CloneBody(object source, object target, CloneSession session)
    {
        ReadOnlySpan<T> from = CollectionsMarshal.AsSpan((List<T>)source);
        var to = (List<T>)target;
        CollectionsMarshal.SetCount(to, from.Length);
        _element.CloneInto(from, CollectionsMarshal.AsSpan(to), session, _slot);
    }
}
