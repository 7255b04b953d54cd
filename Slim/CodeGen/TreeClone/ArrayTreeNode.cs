using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using NFX.Slim.Session;

namespace NFX.Slim.CodeGen.TreeClone;

/// <summary>An array of references in a depth-first clone: an array of the same length, each element the clone of the source's.</summary>
internal sealed class ArrayTreeNode<T> : TreeCloneNode where T : class
{
    private TreeCloneNode? _element;

    public ArrayTreeNode() : base(typeof(T[]))
    {
        Shell = CopyShell;
        Fill = FillElements;
    }

    public override void Build(TreeClonePlans plans) => _element = plans.NodeFor(typeof(T));

    private object CopyShell(object source) => new T[Unsafe.As<T[]>(source).Length];

    private void FillElements(TreeCloneNode node, object source, object clone, CloneSession session, int depth)
    {
        T[] from = Unsafe.As<T[]>(source); // the node's exact type, checked by the session
        ref T to = ref MemoryMarshal.GetArrayDataReference(Unsafe.As<T[]>(clone));
        TreeCloneNode element = _element!;
        for (int i = 0; i < from.Length; i++)
        {
            // The clone has the array's exact type and length, and each element's clone the element's exact type
            // (the node checked it): no covariance check is needed to store it.
            Unsafe.Add(ref to, i) = Unsafe.As<T>(session.CloneTreeChild(from[i], element, depth))!;
        }
    }
}
