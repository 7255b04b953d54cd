using NFX.Slim.CodeGen;

namespace NFX.Slim.Cloning.TreeClone;

/// <summary>
/// A value whose codec makes its whole clone in one step that reaches nothing else and needs no session (a list of
/// strings, an array of strings, a class of plain data and strings): the codec's own copy, so both paths copy it alike.
/// </summary>
internal sealed class LeafTreeNode : TreeCloneNode
{
    private readonly SlimCodec _codec;

    public LeafTreeNode(SlimCodec codec) : base(codec.Type)
    {
        _codec = codec;
        Shell = codec.CloneShell ?? CopyThroughCodec;
    }

    // Leaf headers (lists and arrays of their own clones, native values) read nothing from the session.
    private object CopyThroughCodec(object source) => _codec.CloneHeader(source, null!);
}
