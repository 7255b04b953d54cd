using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// A <see cref="LinkedListNode{T}"/>: created detached at first sight, its body is a reference to its list (so a node
/// reached without its list brings the list along) and its value. Which list it is in, and where, is decided by that
/// list's body (<see cref="LinkedListCodec{T}"/>), never by the node's own fields.
/// </summary>
internal sealed class LinkedListNodeCodec<T> : SlimCodec
{
    private readonly ElementAccess<T> _value;
    private readonly ReferenceSlot _listSlot;

    public LinkedListNodeCodec(ValueExpressions values, CodecCache codecs) : base(typeof(LinkedListNode<T>))
    {
        _value = new ElementAccess<T>(values, typeof(LinkedListNode<T>).Name + ".Value");
        _listSlot = codecs.SlotFor(typeof(LinkedList<T>), typeof(LinkedListNode<T>).Name + ".List");
    }

    public override bool HasBody => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) { }

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        var node = (LinkedListNode<T>)value;
        session.WriteReference(node.List, _listSlot);
        _value.Write(writer, node.Value, session);
    }

    public override object ReadHeader(SlimReader reader, ReadSession session) => new LinkedListNode<T>(default!);

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        session.ReadReference(_listSlot); // keeps the list in the graph; its own body links this node
        ((LinkedListNode<T>)instance).Value = _value.Read(reader, session);
    }

    public override object CloneHeader(object source, CloneSession session) => new LinkedListNode<T>(default!);

    public override void CloneBody(object source, object target, CloneSession session)
    {
        var node = (LinkedListNode<T>)source;
        session.CloneReference(node.List, _listSlot);
        ((LinkedListNode<T>)target).Value = _value.IsImmutableData ? node.Value : _value.Clone(node.Value, session);
    }
}
