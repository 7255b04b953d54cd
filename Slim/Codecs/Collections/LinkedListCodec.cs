using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// A <see cref="LinkedList{T}"/> by its nodes: an empty list at first sight, then count and a reference to each
/// node in order as the body. Nodes are objects with identity of their own (an LRU cache keeps a dictionary of
/// them), so they travel as references (<see cref="LinkedListNodeCodec{T}"/>) and the very nodes read are linked into
/// the list: a node held elsewhere in the graph is the list's own node in the copy too.
/// </summary>
internal sealed class LinkedListCodec<T> : SlimCodec
{
    private readonly ReferenceSlot _nodeSlot;

    public LinkedListCodec(CodecCache codecs) : base(typeof(LinkedList<T>)) =>
        _nodeSlot = codecs.SlotFor(typeof(LinkedListNode<T>), typeof(LinkedList<T>).Name + " node");

    public override bool HasBody => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) { }

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        var list = (LinkedList<T>)value;
        writer.WriteVarUInt32((uint)list.Count);
        for (LinkedListNode<T>? node = list.First; node is not null; node = node.Next)
        {
            session.WriteReference(node, _nodeSlot);
        }
    }

    public override object ReadHeader(SlimReader reader, ReadSession session) => new LinkedList<T>();

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        var list = (LinkedList<T>)instance;
        int count = reader.ReadLength(Type.Name, 1);
        for (int i = 0; i < count; i++)
        {
            long offset = reader.Position;
            var node = (LinkedListNode<T>?)session.ReadReference(_nodeSlot);
            if (node is null || node.List is not null)
            {
                // A node belongs to one list, once: anything else is input no writer produces.
                SlimThrow.Format($"A {Type.Name} node that is null or already linked into a list", offset);
            }
            list.AddLast(node);
        }
    }

    public override object CloneHeader(object source, CloneSession session) => new LinkedList<T>();

    public override void CloneBody(object source, object target, CloneSession session)
    {
        var list = (LinkedList<T>)target;
        for (LinkedListNode<T>? node = ((LinkedList<T>)source).First; node is not null; node = node.Next)
        {
            list.AddLast((LinkedListNode<T>)session.CloneReference(node, _nodeSlot)!);
        }
    }
}
