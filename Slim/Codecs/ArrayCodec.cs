using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// A single-dimensional zero-based array whose elements are not native (objects, strings, structs): the length in the
/// header (so the array exists at first sight and cycles through it resolve), the elements as the body.
/// </summary>
internal sealed class ArrayCodec<T> : SlimCodec
{
    private static readonly string s_what = typeof(T).Name + "[]";
    private readonly ElementAccess<T> _element;
    private readonly ReferenceSlot? _slot;

    public ArrayCodec(ValueExpressions values, CodecCache codecs) : base(typeof(T[]))
    {
        _element = new ElementAccess<T>(values, typeof(T).Name + "[]");
        CloneHeaderIsLeaf = true;
        CloneNeedsBody = !_element.IsImmutableData;
        HeaderAllocatesBody = true;
        if (!typeof(T).IsValueType && !typeof(Delegate).IsAssignableFrom(typeof(T)))
        {
            _slot = codecs.SlotFor(typeof(T), typeof(T).Name + "[] element");
        }
    }

    public override bool HasBody => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => writer.WriteVarUInt32((uint)((T[])value).Length);

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        T[] array = (T[])value;
        if (_slot is not null)
        {
            // References: call the session directly rather than through the element delegate.
            foreach (T item in array)
            {
                session.WriteReference(item, _slot);
            }
            return;
        }
        Action<SlimWriter, T, WriteSession> write = _element.Write;
        foreach (T item in array)
        {
            write(writer, item, session);
        }
    }

    public override object ReadHeader(SlimReader reader, ReadSession session)
    {
        int length = reader.ReadLength(s_what, _element.MinWireBytes);
        return new T[length]; // never Array.Empty: two empty arrays are two objects
    }

    public override long BodyMinWireBytes(object instance) => (long)((T[])instance).Length * _element.MinWireBytes;

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        T[] array = (T[])instance;
        if (_slot is not null)
        {
            for (int i = 0; i < array.Length; i++)
            {
                array[i] = (T)session.ReadReference(_slot)!;
            }
            return;
        }
        Func<SlimReader, ReadSession, T> read = _element.Read;
        for (int i = 0; i < array.Length; i++)
        {
            array[i] = read(reader, session);
        }
    }

    /// <summary>An array of the same length; when the elements are their own clones (plain data, strings), already a copy.</summary>
    public override object CloneHeader(object source, CloneSession session)
    {
        T[] array = (T[])source;
        var clone = new T[array.Length];
        if (!CloneNeedsBody)
        {
            array.AsSpan().CopyTo(clone);
        }
        return clone;
    }

    public override void CloneBody(object source, object target, CloneSession session)
    {
        T[] from = (T[])source;
        T[] to = (T[])target;
        if (!CloneNeedsBody)
        {
            from.AsSpan().CopyTo(to);
            return;
        }
        _element.CloneInto(from, to, session, _slot); // the clone is a new T[] of exactly T: its span needs no covariance check
    }
}
