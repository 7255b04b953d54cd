using System.Runtime.CompilerServices;

namespace NFX.Slim.Cloning.TreeClone;

/// <summary>
/// A one-dimensional array of plain data in a depth-first clone: a new array and a block copy, as the array's codec
/// copies it, without going through the codec's virtual header and its delegate.
/// </summary>
internal sealed class PrimitiveArrayTreeNode<T> : TreeCloneNode where T : struct
{
    public PrimitiveArrayTreeNode() : base(typeof(T[])) => Shell = CopyArray;

    private object CopyArray(object source)
    {
        T[] from = Unsafe.As<T[]>(source); // the node's exact type, checked by the session
        T[] copy = GC.AllocateUninitializedArray<T>(from.Length);
        from.AsSpan().CopyTo(copy);
        return copy;
    }
}
