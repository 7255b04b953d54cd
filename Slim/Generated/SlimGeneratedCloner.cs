using System.ComponentModel;
using System.Runtime.CompilerServices;
using NFX.Slim.CodeGen;
using NFX.Slim.Cloning;
using NFX.Slim.Cloning.TreeClone;

namespace NFX.Slim.Generated;

/// <summary>
/// What a generated deep clone calls for each reference it meets: the clone of the object in the graph being cloned, by
/// whichever of Slim's two clone engines runs it (the general one, by reference slot; the depth-first one of tree-shaped
/// graphs, by child node).
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly struct SlimGeneratedCloner
{
    private readonly CloneSession _session;
    private readonly ReferenceSlot[] _slots;
    private readonly TreeCloneNode[]? _children;
    private readonly int _depth;

    internal SlimGeneratedCloner(CloneSession session, ReferenceSlot[] slots, TreeCloneNode[]? children = null, int depth = 0)
    {
        _session = session;
        _slots = slots;
        _children = children;
        _depth = depth;
    }

    /// <summary>
    /// The clone of <paramref name="value"/>, held in reference slot <paramref name="slot"/>; <paramref name="child"/> is
    /// its place among the class's own reference fields (-1 inside a struct, which the depth-first engine never meets).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public object? Clone(object? value, int slot, int child) =>
        _children is null ? _session.CloneReference(value, _slots[slot]) : _session.CloneTreeChild(value, _children[child], _depth);

    /// <summary>Refuses a delegate that is not null (the clone's field stays null, as a round trip through bytes leaves it).</summary>
    public void CheckDelegate(object? value, int slot)
    {
        if (value is not null)
        {
            SlimThrow.Unsupported(_slots[slot].Name, CodecCache.DelegateAdvice);
        }
    }
}
