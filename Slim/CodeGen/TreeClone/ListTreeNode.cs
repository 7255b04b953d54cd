using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using NFX.Slim.Session;

namespace NFX.Slim.CodeGen.TreeClone;

/// <summary>A <see cref="List{T}"/> of references in a depth-first clone: a list of the same count, each element the clone of the source's.</summary>
internal sealed class ListTreeNode<T> : TreeCloneNode where T : class
{
    private TreeCloneNode? _element;

    public ListTreeNode() : base(typeof(List<T>))
    {
        Shell = CopyShell;
        Fill = FillElements;
    }

    public override void Build(TreeClonePlans plans) => _element = plans.NodeFor(typeof(T));

    private object CopyShell(object source) => new List<T>(Unsafe.As<List<T>>(source).Count);

    private void FillElements(TreeCloneNode node, object source, object clone, CloneSession session, int depth)
    {
        ReadOnlySpan<T> from = CollectionsMarshal.AsSpan(Unsafe.As<List<T>>(source)); // the node's exact type, checked by the session
        List<T> to = Unsafe.As<List<T>>(clone);
        CollectionsMarshal.SetCount(to, from.Length);
        Span<T> items = CollectionsMarshal.AsSpan(to);
        TreeCloneNode element = _element!;
        for (int i = 0; i < from.Length; i++)
        {
            // The element's clone has the element's exact type (the node checked it), so it fits the list as the source did.
            items[i] = Unsafe.As<T>(session.CloneTreeChild(from[i], element, depth))!;
        }
    }
}
