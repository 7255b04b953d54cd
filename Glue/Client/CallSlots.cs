using NFX.Glue.Transport;

namespace NFX.Glue.Client;

/// <summary>
/// The cap on calls in flight on one connection. A call that finds every slot taken waits in a FIFO queue (still in
/// the pending table, so its deadline and cancellation apply) and is sent when a slot is handed to it: no task, timer
/// or token registration per waiting call. One-way calls queue too, but only up to the cap; beyond it the caller's
/// thread blocks, which is the only backpressure a <c>void</c> method can apply.
/// </summary>
internal sealed class CallSlots(int max)
{
    private readonly Queue<OutgoingFrame> _waiting = new();
    private int _inFlight;
    private int _blocked;
    private bool _closed;

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

    /// <summary>True when <paramref name="call"/> got a slot and its frame should be queued for sending now.</summary>
    public bool TakeOrQueue(PendingCall call, in OutgoingFrame frame)
    {
        lock (_waiting)
        {
            // Checked under the lock: a call finished (canceled) before this point must not take a slot nobody frees.
            if (_closed || call.IsFinished)
            {
                return false;
            }
            if (_inFlight < max)
            {
                _inFlight++;
                call.HasSlot = true;
                return true;
            }
            _waiting.Enqueue(frame);
            return false;
        }
    }

    public OneWayOutcome TakeOrQueueOneWay(in OutgoingFrame frame, TimeSpan timeout)
    {
        long deadline = timeout == Timeout.InfiniteTimeSpan ? long.MaxValue : Environment.TickCount64 + (long)timeout.TotalMilliseconds;
        lock (_waiting)
        {
            while (true)
            {
                if (_closed)
                {
                    return OneWayOutcome.Dropped;
                }
                if (_inFlight < max)
                {
                    _inFlight++;
                    return OneWayOutcome.Send;
                }
                if (_waiting.Count < max)
                {
                    _waiting.Enqueue(frame);
                    return OneWayOutcome.Queued;
                }
                long left = deadline - Environment.TickCount64;
                if (left <= 0)
                {
                    throw new GlueTimeoutException($"No call slot became free within {timeout} for a one-way call ({max} calls in flight, {max} waiting).");
                }
                _blocked++;
                Monitor.Wait(_waiting, (int)Math.Min(left, int.MaxValue));
                _blocked--;
            }
        }
    }

    /// <summary>
    /// Frees the slot of <paramref name="call"/> (null: of a one-way call just written). When a waiting frame takes
    /// it over, returns true with that frame, to be queued for sending.
    /// </summary>
    public bool Release(PendingCall? call, out OutgoingFrame next)
    {
        lock (_waiting)
        {
            if (call is not null)
            {
                if (!call.HasSlot)
                {
                    next = default;
                    return false;
                }
                call.HasSlot = false;
            }
            if (_blocked > 0)
            {
                Monitor.PulseAll(_waiting);
            }
            while (_waiting.TryDequeue(out next))
            {
                if (next.IsTwoWayCall)
                {
                    var waiting = (PendingCall)next.Caller;
                    if (!waiting.IsLive(next.CallerGeneration))
                    {
                        continue; // timed out or canceled while it waited (and perhaps already recycled)
                    }
                    waiting.HasSlot = true;
                }
                return true;
            }
            _inFlight--;
            return false;
        }
    }

    /// <summary>The connection closed: forget the waiting frames (their calls are failed with the pending table) and wake blocked callers.</summary>
    public void Close()
    {
        lock (_waiting)
        {
            _closed = true;
            _waiting.Clear();
            Monitor.PulseAll(_waiting);
        }
    }
}
