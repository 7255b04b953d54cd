using System.Runtime.InteropServices;
using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>A <see cref="List{T}"/> by its contents: an empty list at first sight, then count and elements as the body.</summary>
internal sealed class ListCodec<T> : SlimCodec
{
    private readonly ElementAccess<T> _element;

    public ListCodec(ValueExpressions values) : base(typeof(List<T>))
    {
        _element = new ElementAccess<T>(values, $"List<{typeof(T).Name}>");
        HeaderIsEmpty = true;
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
        int count = reader.ReadLength(Type.Name, _element.MinWireBytes);
        CollectionsMarshal.SetCount(list, count);
        Span<T> items = CollectionsMarshal.AsSpan(list);
        Func<SlimReader, ReadSession, T> read = _element.Read;
        for (int i = 0; i < items.Length; i++)
        {
            items[i] = read(reader, session);
        }
    }

    public override object CloneHeader(object source, CloneSession session) => new List<T>(((List<T>)source).Count);

    public override void CloneBody(object source, object target, CloneSession session)
    {
        ReadOnlySpan<T> from = CollectionsMarshal.AsSpan((List<T>)source);
        var to = (List<T>)target;
        if (_element.IsImmutableData)
        {
            to.AddRange(from);
            return;
        }
        CollectionsMarshal.SetCount(to, from.Length);
        Span<T> items = CollectionsMarshal.AsSpan(to);
        Func<T, CloneSession, T> clone = _element.Clone;
        for (int i = 0; i < from.Length; i++)
        {
            items[i] = clone(from[i], session);
        }
    }
}
