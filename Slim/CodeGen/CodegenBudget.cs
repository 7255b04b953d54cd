using System.Runtime.CompilerServices;
using NFX.IO;

namespace NFX.Slim.CodeGen;

/// <summary>
/// The code-generation work one message may cause (<see cref="SlimLimits.MaxCodegenNodes"/>): while a message is read,
/// building a codec, a struct functor or a reading plan, and describing a layout, charges the nodes it walks to the
/// reading thread's budget, and passing it throws <see cref="SlimLimitExceededException"/>. Codecs are cached per
/// serializer, so only types the serializer meets for the first time cost anything; writing and cloning (the program's
/// own types) are not budgeted.
/// </summary>
internal sealed class CodegenBudget
{
    /// <summary>What building a codec or a functor costs on top of its nodes: compiling a delegate is the dearest step.</summary>
    public const int PerFunctor = 16;

    // The thread's slot, not the budget itself: Enter keeps the slot, so Exit restores without a second thread-static
    // access (each one is a call into the runtime's TLS lookup on Linux).
    [ThreadStatic]
    private static ThreadSlot? t_slot;

    private readonly SlimReader _reader;
    private long _left;
    private long _maximum;
    private ThreadSlot? _slot; // the slot of the thread that entered last
    private bool _entered;     // between Enter and Exit: Exit leaves the budget in the slot, charged no more

    public CodegenBudget(SlimReader reader) => _reader = reader;

    /// <summary>Makes this budget (full: <paramref name="maximum"/> nodes) the reading thread's; returns the one it replaces.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public CodegenBudget? Enter(int maximum)
    {
        _left = _maximum = maximum;
        ThreadSlot slot = t_slot ?? NewSlot();
        if (!ReferenceEquals(_slot, slot))
        {
            _slot = slot; // a session mostly reads on one thread: the store's write barrier only when it moved
        }
        CodegenBudget? outer = slot.Current;
        if (!ReferenceEquals(outer, this))
        {
            // Exit left this budget in the slot: the next message on the same thread stores (and write-barriers) nothing.
            slot.Current = this;
        }
        _entered = true;
        // A budget left in the slot by a message that ended is no outer one: nothing to restore.
        return outer is not null && !ReferenceEquals(outer, this) && outer._entered ? outer : null;
    }

    /// <summary>Restores the budget <see cref="Enter"/> replaced, on the thread that entered.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Exit(CodegenBudget? outer)
    {
        // Left in the slot (no reference store in the usual case, no outer message), but charged no more.
        _entered = false;
        if (outer is not null)
        {
            _slot!.Current = outer;
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static ThreadSlot NewSlot() => t_slot = new ThreadSlot();

    /// <summary>Charges <paramref name="nodes"/> to the current message, if one is being read on this thread.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Charge(long nodes)
    {
        CodegenBudget? budget = t_slot?.Current;
        if (budget is not null && budget._entered && (budget._left -= nodes) < 0)
        {
            budget.Throw();
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Throw()
    {
        long requested = _maximum - _left;
        _left = long.MaxValue / 2; // the error is reported once, even if a caller catches and goes on building
        throw new SlimLimitExceededException(nameof(SlimLimits.MaxCodegenNodes), requested, _maximum, _reader.Position);
    }

    private sealed class ThreadSlot
    {
        public CodegenBudget? Current;
    }
}
