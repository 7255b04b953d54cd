using NFX.Slim.Session;

namespace NFX.Slim.CodeGen.TreeClone;

/// <summary>
/// A value whose codec makes its whole clone in one step that reaches nothing else (a primitive array, a list of
/// strings, a class of plain data and strings): the codec's own copy, so both paths copy it alike.
/// </summary>
internal sealed class LeafTreeNode : TreeCloneNode
{
    private readonly SlimCodec _codec;
    private readonly Func<object, object>? _shell;

    public LeafTreeNode(SlimCodec codec) : base(codec.Type)
    {
        _codec = codec;
        _shell = codec.CloneShell;
    }

    public override object Shell(object source, CloneSession session) => _shell is { } shell ? shell(source) : _codec.CloneHeader(source, session);

    public override void Fill(object source, object clone, CloneSession session, int depth) { }
}
