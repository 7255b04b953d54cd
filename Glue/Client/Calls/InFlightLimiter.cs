using NFX.Glue.Transport;

namespace NFX.Glue.Client.Calls;

/// <summary>
/// The cap on calls in flight on one connection (<see cref="GlueClientOptions.MaxInFlight"/>): a call holds one of its
/// slots from when its frame may be sent until it ends. A call that finds every slot taken waits in a FIFO queue (still
/// in the pending table, so its deadline and cancellation apply) and is sent when a slot is handed to it: no task, timer
/// or token registration per waiting call. One-way calls queue too, but only up to the cap; beyond it the caller's
/// thread blocks, which is the only backpressure a <c>void</c> method can apply.
/// </summary>
/// <remarks>
/// Taking a free slot and freeing one with nobody waiting are one interlocked operation each, with no lock: every call
/// does both, from the caller's thread and the reader loop at once. The queue is touched under the lock only when
/// frames wait, and then a freed slot passes straight to the oldest live waiting frame. A taker that queues publishes
/// the count of waiting frames before it looks for a free slot again, and a freer that saw none waiting publishes the
/// freed slot before it looks again: one of the two always sees the other, so a frame never waits beside a free slot.
/// </remarks>
internal sealed class InFlightLimiter
{
    private readonly Queue<OutgoingFrame> _waiting = new();
    private readonly int _max;
    private readonly Action<OutgoingFrame> _handOver;
    private int _inFlight;
    private int _waitingCount;
    private int _blocked;
    private volatile bool _closed;

    /// <summary>
    /// A cap of <paramref name="max"/> slots; <paramref name="handOver"/> gets each waiting frame that a slot was
    /// handed to (the connection queues it for sending); it runs outside the lock.
    /// </summary>
    public InFlightLimiter(int max, Action<OutgoingFrame> handOver)
    {
        _max = max;
        _handOver = handOver;
    }

    /// <summary>What to do with a one-way frame.</summary>
    public enum OneWayOutcome
    {
        /// <summary>It holds a slot: queue it for sending now.</summary>
        Send,

        /// <summary>It waits for a slot; the slot's release will hand it over.</summary>
        Queued,

        /// <summary>The connection closed: drop it.</summary>
        Dropped,
    }

    /// <summary>Slots taken now (a snapshot).</summary>
    public int InFlight => Volatile.Read(ref _inFlight);

    /// <summary>
    /// True when <paramref name="call"/> got a slot and its frame should be queued for sending now; false when it waits
    /// (a freed slot will hand it over), or the call already finished or the connection closed (nothing to send).
    /// </summary>
    public bool TakeOrQueue(PendingCall call, in OutgoingFrame frame)
    {
        // A call finished (canceled) before this point must not take a slot nobody frees.
        if (_closed || call.IsFinished)
        {
            return false;
        }
        // Without the lock only while nothing waits: a queued frame is not overtaken.
        if (Volatile.Read(ref _waitingCount) == 0 && TryTakeSlot())
        {
            return Claim(call, frame.CallerGeneration);
        }
        lock (_waiting)
        {
            if (_closed || call.IsFinished)
            {
                return false;
            }
            if (TryTakeSlot())
            {
                return Claim(call, frame.CallerGeneration);
            }
            _waiting.Enqueue(frame);
            Interlocked.Exchange(ref _waitingCount, _waiting.Count);
        }
        AfterQueued();
        return false;
    }

    public OneWayOutcome TakeOrQueueOneWay(in OutgoingFrame frame, TimeSpan timeout)
    {
        if (_closed)
        {
            return OneWayOutcome.Dropped;
        }
        if (Volatile.Read(ref _waitingCount) == 0 && TryTakeSlot())
        {
            return OneWayOutcome.Send;
        }
        long deadline = timeout == Timeout.InfiniteTimeSpan ? long.MaxValue : Environment.TickCount64 + (long)timeout.TotalMilliseconds;
        lock (_waiting)
        {
            while (true)
            {
                if (_closed)
                {
                    return OneWayOutcome.Dropped;
                }
                if (TryTakeSlot())
                {
                    return OneWayOutcome.Send;
                }
                if (_waiting.Count < _max)
                {
                    _waiting.Enqueue(frame);
                    Interlocked.Exchange(ref _waitingCount, _waiting.Count);
                    break;
                }
                long left = deadline - Environment.TickCount64;
                if (left <= 0)
                {
                    throw new GlueTimeoutException($"No call slot became free within {timeout} for a one-way call ({_max} calls in flight, {_max} waiting).");
                }
                _blocked++;
                Monitor.Wait(_waiting, (int)Math.Min(left, int.MaxValue));
                _blocked--;
            }
        }
        AfterQueued();
        return OneWayOutcome.Queued;
    }

    /// <summary>
    /// Frees the slot of <paramref name="call"/> (null: of a one-way call just written) and hands it to the oldest
    /// live waiting frame, if any. False when the call held no slot or no frame was waiting for one.
    /// </summary>
    public bool Release(PendingCall? call)
    {
        if (call is not null && !call.ReleaseSlotClaim())
        {
            return false;
        }
        return FreeSlot();
    }

    /// <summary>The connection closed: forget the waiting frames (their calls are failed with the pending table) and wake blocked callers.</summary>
    public void Close()
    {
        lock (_waiting)
        {
            _closed = true;
            _waiting.Clear();
            Interlocked.Exchange(ref _waitingCount, 0);
            Monitor.PulseAll(_waiting);
        }
    }

    private bool TryTakeSlot()
    {
        int taken = Volatile.Read(ref _inFlight);
        while (taken < _max)
        {
            int seen = Interlocked.CompareExchange(ref _inFlight, taken + 1, taken);
            if (seen == taken)
            {
                return true;
            }
            taken = seen;
        }
        return false;
    }

    /// <summary>A slot was taken for <paramref name="call"/>: it holds it, unless the call ended meanwhile.</summary>
    private bool Claim(PendingCall call, int generation)
    {
        if (call.TryClaimSlot(generation))
        {
            return true;
        }
        // Finished while the slot was being taken: its finisher found no slot to free, so this taker frees it.
        FreeSlot();
        return false;
    }

    /// <summary>
    /// A frame was queued and the waiting count published: a slot freed meanwhile by a releaser that saw no waiting
    /// frame yet is handed over here.
    /// </summary>
    private void AfterQueued()
    {
        if (Volatile.Read(ref _inFlight) < _max)
        {
            HandOverWaiting();
        }
    }

    private bool FreeSlot()
    {
        if (Volatile.Read(ref _waitingCount) != 0)
        {
            return PassOn();
        }
        Interlocked.Decrement(ref _inFlight);
        // A taker that queued meanwhile looks for a free slot after publishing its frame (AfterQueued); this looks for
        // its frame after publishing the freed slot: one of the two hands the slot over.
        return Volatile.Read(ref _waitingCount) != 0 && HandOverWaiting();
    }

    /// <summary>Frames wait: the freed slot goes straight to the oldest live one (no newcomer can take it meanwhile).</summary>
    private bool PassOn()
    {
        OutgoingFrame next = default;
        bool found = false;
        lock (_waiting)
        {
            if (_blocked > 0)
            {
                Monitor.PulseAll(_waiting);
            }
            while (_waiting.Count > 0)
            {
                next = _waiting.Dequeue();
                Interlocked.Exchange(ref _waitingCount, _waiting.Count);
                if (IsLiveClaimed(next))
                {
                    found = true;
                    break;
                }
            }
            if (!found)
            {
                Interlocked.Decrement(ref _inFlight);
            }
        }
        if (found)
        {
            _handOver(next);
        }
        return found;
    }

    /// <summary>A waiting frame still wants its slot: a one-way frame, or a call that has not ended (now holding the slot).</summary>
    private static bool IsLiveClaimed(in OutgoingFrame frame) =>
        !frame.IsTwoWayCall || frame.Caller is not PendingCall waiting
        || (waiting.IsLive(frame.CallerGeneration) && waiting.TryClaimSlot(frame.CallerGeneration));

    /// <summary>Takes free slots for the oldest waiting frames and hands each over; true when at least one was.</summary>
    private bool HandOverWaiting()
    {
        bool any = false;
        while (true)
        {
            OutgoingFrame next = default;
            bool found = false;
            lock (_waiting)
            {
                if (_blocked > 0)
                {
                    Monitor.PulseAll(_waiting);
                }
                while (_waiting.Count > 0 && TryTakeSlot())
                {
                    next = _waiting.Dequeue();
                    Interlocked.Exchange(ref _waitingCount, _waiting.Count);
                    if (!IsLiveClaimed(next))
                    {
                        // Timed out or canceled while it waited (and perhaps already recycled): the slot goes on.
                        Interlocked.Decrement(ref _inFlight);
                        continue;
                    }
                    found = true;
                    break;
                }
            }
            if (!found)
            {
                return any;
            }
            any = true;
            _handOver(next);
        }
    }
}
