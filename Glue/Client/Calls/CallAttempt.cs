namespace NFX.Glue.Client.Calls;

/// <summary>Where the current attempt's Call frame is; the writer loop and a retry race for it.</summary>
internal enum FrameState
{
    /// <summary>Queued (or about to be): a retry may still withdraw it.</summary>
    Queued = 0,

    /// <summary>Written, or being written, by the writer loop: the server may have it.</summary>
    Written = 1,

    /// <summary>Withdrawn for a retry before the writer loop claimed it: no byte of it was written.</summary>
    Withdrawn = 2,
}

/// <summary>The current attempt's hold on one of its connection's in-flight slots.</summary>
internal enum SlotState
{
    /// <summary>No slot yet (the call waits for one, or has not asked).</summary>
    None = 0,

    /// <summary>The attempt holds a slot, which its end must free.</summary>
    Held = 1,

    /// <summary>The attempt ended: a slot taken for it from now on is freed by its taker.</summary>
    Released = 2,
}

/// <summary>
/// The state of a pending call's current attempt. A call object is recycled and a call may be retried, so each use
/// and each retry gets a new <see cref="Generation"/>, and each state is stored tagged with it: one compare-exchange
/// both checks that a queued frame belongs to this attempt and moves the state. Two races are decided that way without
/// a lock: the writer loop against a retry for the frame (<see cref="FrameState"/>), and the slot's taker against the
/// call's finisher for who frees the slot (<see cref="SlotState"/>).
/// </summary>
internal struct CallAttempt
{
    private const int StateBits = 2;
    private const int StateMask = (1 << StateBits) - 1;

    private int _frame;
    private int _slot;
    private int _finished;

    /// <summary>Which use (or retry) of the call object this attempt is; queued frames carry it.</summary>
    public int Generation { get; private set; }

    /// <summary>Set once the call has been taken out of the pending table: a queued frame for it need not be sent.</summary>
    public bool IsFinished => Volatile.Read(ref _finished) != 0;

    /// <summary>Whether the attempt holds one of the connection's in-flight slots.</summary>
    public bool HasSlot => (SlotState)(Volatile.Read(ref _slot) & StateMask) == SlotState.Held;

    /// <summary>Starts attempt <paramref name="generation"/>: frame queued, no slot, not finished.</summary>
    public void Begin(int generation)
    {
        Generation = generation;
        Volatile.Write(ref _slot, Tag(generation, SlotState.None));
        Volatile.Write(ref _frame, Tag(generation, FrameState.Queued));
        Volatile.Write(ref _finished, 0);
    }

    public void MarkFinished() => Volatile.Write(ref _finished, 1);

    /// <summary>True when <paramref name="generation"/> (from a queued frame) is this attempt and it is not finished.</summary>
    public bool IsLive(int generation) => Generation == generation && !IsFinished;

    /// <summary>The writer loop claims the frame of attempt <paramref name="generation"/>: false when it was withdrawn (or is stale).</summary>
    public bool TryMarkWritten(int generation) =>
        Interlocked.CompareExchange(ref _frame, Tag(generation, FrameState.Written), Tag(generation, FrameState.Queued))
            == Tag(generation, FrameState.Queued);

    /// <summary>Withdraws the frame before the writer loop claims it: true means no byte of it was written.</summary>
    public bool TryWithdraw() =>
        Interlocked.CompareExchange(ref _frame, Tag(Generation, FrameState.Withdrawn), Tag(Generation, FrameState.Queued))
            == Tag(Generation, FrameState.Queued);

    /// <summary>Marks a slot as held by attempt <paramref name="generation"/>: false when that attempt already ended (or is stale).</summary>
    public bool TryClaimSlot(int generation) =>
        Interlocked.CompareExchange(ref _slot, Tag(generation, SlotState.Held), Tag(generation, SlotState.None))
            == Tag(generation, SlotState.None);

    /// <summary>The attempt ends: true when it held a slot, which the caller must now free.</summary>
    public bool ReleaseSlotClaim() =>
        Interlocked.Exchange(ref _slot, Tag(Generation, SlotState.Released)) == Tag(Generation, SlotState.Held);

    private static int Tag(int generation, FrameState state) => (generation << StateBits) | (int)state;

    private static int Tag(int generation, SlotState state) => (generation << StateBits) | (int)state;
}
