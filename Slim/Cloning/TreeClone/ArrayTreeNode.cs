using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace NFX.Slim.Cloning.TreeClone;

/// <summary>An array of references in a depth-first clone: an array of the same length, each element the clone of the source's.</summary>
internal sealed class ArrayTreeNode<T> : ElementsTreeNode<T> where T : class
{
    public ArrayTreeNode() : base(typeof(T[]))
    {
        Shell = CopyShell;
        SetFill(FillElements, CopyWhole);
    }

    private object CopyWhole(TreeCloneNode node, object source, CloneSession session, int depth, ref ClonedObject entry)
    {
        T[] from = Unsafe.As<T[]>(source); // the node's exact type, checked by the session
        var to = new T[from.Length];
        entry.Clone = to;
        CloneElements(from, to, session, depth); // a new T[] of the exact type T: its span needs no covariance check
        return to;
    }

    private object CopyShell(object source) => new T[Unsafe.As<T[]>(source).Length];

    private void FillElements(TreeCloneNode node, object source, object clone, CloneSession session, int depth)
    {
        // Both have the node's exact type (checked by the session) and the same length: the spans are made without the
        // array covariance check.
        T[] from = Unsafe.As<T[]>(source);
        Span<T> to = MemoryMarshal.CreateSpan(ref MemoryMarshal.GetArrayDataReference(Unsafe.As<T[]>(clone)), from.Length);
        CloneElements(from, to, session, depth);
    }
}
