using NFX.Slim.Session;

namespace NFX.Slim.CodeGen.TreeClone;

/// <summary>
/// How the depth-first clone copies objects of one exact runtime type: a class with no callbacks and no custom
/// serialization, a list or array of such classes, or a leaf (a primitive array, a list of strings) whose copy
/// reaches nothing else. Nodes refer to the nodes of the types their fields and elements declare, so one clone
/// follows references by direct calls instead of queueing each object (see <see cref="TreeClonePlans"/>).
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

    /// <summary>False when <see cref="Shell"/> makes the whole copy: <see cref="Fill"/> has nothing to clone.</summary>
    public bool HasChildren { get; protected init; }

    /// <summary>The copy of <paramref name="source"/> with every field or element that is its own clone already in place.</summary>
    public abstract object Shell(object source, CloneSession session);

    /// <summary>Sets the references of <paramref name="clone"/> to the clones of the source's, one level deeper.</summary>
    public abstract void Fill(object source, object clone, CloneSession session, int depth);

    /// <summary>Builds what <see cref="Fill"/> runs, once every node of the plan exists (they may refer to each other).</summary>
    public virtual void Build(TreeClonePlans plans) { }
}
