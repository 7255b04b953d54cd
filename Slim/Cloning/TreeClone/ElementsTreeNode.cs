using System.Runtime.CompilerServices;

namespace NFX.Slim.Cloning.TreeClone;

/// <summary>
/// A container of references in a depth-first clone (an array, a list): the clone holds, at each place, the clone of the
/// source's element there.
/// </summary>
internal abstract class ElementsTreeNode<T> : TreeCloneNode where T : class
{
    private TreeCloneNode? _element;

    protected ElementsTreeNode(Type type) : base(type) { }

    public override void Build(TreeClonePlans plans) => _element = plans.NodeFor(typeof(T));

    /// <summary>Sets each of <paramref name="to"/> (as long as <paramref name="from"/>) to the clone of the element at the same place.</summary>
    protected void CloneElements(ReadOnlySpan<T> from, Span<T> to, CloneSession session, int depth)
    {
        TreeCloneNode element = _element!;
        for (int i = 0; i < from.Length; i++)
        {
            // Each element's clone has the element's exact type (the node checked it), so it fits where the source's was.
            to[i] = Unsafe.As<T>(session.CloneTreeChild(from[i], element, depth))!;
        }
    }
}
