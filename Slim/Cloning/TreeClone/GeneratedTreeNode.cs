using System.Reflection;
using NFX.Slim.CodeGen;
using NFX.Slim.Generated;

namespace NFX.Slim.Cloning.TreeClone;

/// <summary>
/// An ordinary class whose deep clone the source generator wrote: the depth-first engine's <see cref="ObjectTreeNode"/>
/// with the generated body (each reference field cloned by its child node) in place of the compiled fill and copy.
/// </summary>
internal sealed class GeneratedTreeNode : TreeCloneNode
{
    private readonly GeneratedBody _generated;
    private readonly FieldInfo[] _references;

    public GeneratedTreeNode(Type type, Func<object, object> shell, GeneratedBody generated, FieldInfo[] references) : base(type)
    {
        Shell = shell;
        _generated = generated;
        _references = references;
    }

    public override void Build(TreeClonePlans plans)
    {
        Children = [.. _references.Select(field => plans.NodeFor(field.FieldType))];
        if (_references.Length == 0)
        {
            return;
        }
        SlimGeneratedCodec codec = _generated.Codec;
        ReferenceSlot[] slots = _generated.Slots;
        SetFill(
            (node, source, clone, session, depth) => codec.CloneBody(source, clone, new SlimGeneratedCloner(session, slots, node.Children, depth)),
            (TreeCloneNode node, object source, CloneSession session, int depth, ref ClonedObject entry) =>
            {
                object clone = node.Shell(source);
                entry.Clone = clone; // before the fields: a cycle back to this object finds its clone
                codec.CloneBody(source, clone, new SlimGeneratedCloner(session, slots, node.Children, depth));
                return clone;
            });
    }
}
