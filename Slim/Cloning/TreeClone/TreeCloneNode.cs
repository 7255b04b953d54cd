
namespace NFX.Slim.Cloning.TreeClone;

/// <summary>
/// How the depth-first clone copies objects of one exact runtime type: a class with no callbacks and no custom
/// serialization, a list or array of such classes, or a leaf (a primitive array, a list of strings) whose copy
/// reaches nothing else. Nodes refer to the nodes of the types their fields and elements declare, so one clone
/// follows references by direct calls instead of queueing each object (see <see cref="TreeClonePlans"/>). The steps
/// are delegates rather than virtual methods (one indirect call per step, not two), and <see cref="Copy"/> fuses them:
/// one call per object, except at the depth bound, where the shell is made alone and the fill waits.
/// </summary>
internal abstract class TreeCloneNode
{
    protected TreeCloneNode(Type type)
    {
        Type = type;
        TypeHandle = type.TypeHandle.Value;
    }

    /// <summary>The exact runtime type this node copies; an object of any other type (a subclass) is not its business.</summary>
    public Type Type { get; }

    /// <summary>The handle of <see cref="Type"/>, compared with each object's own (no Type object fetched).</summary>
    public nint TypeHandle { get; }

    /// <summary>The copy of a source with every field or element that is its own clone already in place.</summary>
    public Func<object, object> Shell { get; protected set; } = null!;

    /// <summary>
    /// Sets the references of a clone to the clones of the source's, one level deeper: run for a shell made alone at the
    /// depth bound. Null when <see cref="Shell"/> makes the whole copy.
    /// </summary>
    public TreeFill? Fill { get; private set; }

    /// <summary>
    /// <see cref="Shell"/> and <see cref="Fill"/> in one call: the shell, recorded in the source's map entry before
    /// anything else is cloned (so a cycle back finds it), then the fill. One indirect call per object instead of two;
    /// null exactly when <see cref="Fill"/> is (<see cref="SetFill"/> sets both).
    /// </summary>
    public TreeCopy? Copy { get; private set; }

    /// <summary>Gives the node its fill and the copy that fuses it with the shell: a node has both or neither.</summary>
    protected void SetFill(TreeFill fill, TreeCopy copy)
    {
        Fill = fill;
        Copy = copy;
    }

    /// <summary>The nodes of the types this node's fields or elements declare, in the order its fill uses them.</summary>
    public TreeCloneNode[] Children { get; protected set; } = [];

    /// <summary>Builds what <see cref="Fill"/> runs, once every node of the plan exists (they may refer to each other).</summary>
    public virtual void Build(TreeClonePlans plans) { }
}

/// <summary>Fills <paramref name="clone"/> from <paramref name="source"/>, both of <paramref name="node"/>'s type.</summary>
internal delegate void TreeFill(TreeCloneNode node, object source, object clone, CloneSession session, int depth);

/// <summary>
/// Copies <paramref name="source"/> (of <paramref name="node"/>'s type) whole: stores the new clone in <paramref name="entry"/>
/// (the source's identity-map entry, valid until the map next grows: so before any child is cloned), fills it, returns it.
/// </summary>
internal delegate object TreeCopy(TreeCloneNode node, object source, CloneSession session, int depth, ref ClonedObject entry);
