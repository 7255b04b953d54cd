using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace NFX.Slim.Cloning.TreeClone;

/// <summary>A <see cref="List{T}"/> of references in a depth-first clone: a list of the same count, each element the clone of the source's.</summary>
internal sealed class ListTreeNode<T> : ElementsTreeNode<T> where T : class
{
    public ListTreeNode() : base(typeof(List<T>))
    {
        Shell = CopyShell;
        SetFill(FillElements, CopyWhole);
    }

    private object CopyWhole(TreeCloneNode node, object source, CloneSession session, int depth, ref ClonedObject entry)
    {
        ReadOnlySpan<T> from = CollectionsMarshal.AsSpan(Unsafe.As<List<T>>(source)); // the node's exact type, checked by the session
        var to = new List<T>(from.Length);
        entry.Clone = to;
        CollectionsMarshal.SetCount(to, from.Length);
        CloneElements(from, CollectionsMarshal.AsSpan(to), session, depth);
        return to;
    }

    private object CopyShell(object source) => new List<T>(Unsafe.As<List<T>>(source).Count);

    private void FillElements(TreeCloneNode node, object source, object clone, CloneSession session, int depth)
    {
        ReadOnlySpan<T> from = CollectionsMarshal.AsSpan(Unsafe.As<List<T>>(source)); // the node's exact type, checked by the session
        List<T> to = Unsafe.As<List<T>>(clone);
        CollectionsMarshal.SetCount(to, from.Length);
        CloneElements(from, CollectionsMarshal.AsSpan(to), session, depth);
    }
}
