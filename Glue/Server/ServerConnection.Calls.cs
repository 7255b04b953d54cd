using NFX.Glue.Protocol;
using NFX.Glue.Transport;

namespace NFX.Glue.Server;

/// <summary>Running calls: in-flight slots and backpressure, cancellation by the client, the pool of call objects.</summary>
internal sealed partial class ServerConnection
{
    /// <summary>Backpressure: the reader loop stops reading this connection until a call slot frees up.</summary>
    private async ValueTask DispatchWhenFreeAsync(ServerCall call)
    {
        ReaderPaused = true;
        try
        {
            await _gate.TakeAsync(ClosingToken).ConfigureAwait(false);
        }
        finally
        {
            ReaderPaused = false;
        }
        ThreadPool.UnsafeQueueUserWorkItem(call, preferLocal: false);
    }

    private void CancelCall(int callId)
    {
        lock (_cancellable)
        {
            if (_cancellable.TryGetValue(callId, out ServerCall? call))
            {
                call.CancelByClient();
            }
        }
    }

    /// <summary>A recycled call object, or a new one (no allocation per call in the steady state).</summary>
    private ServerCall RentCall()
    {
        lock (_freeCallsLock)
        {
            if (_freeCalls.TryPop(out ServerCall? call))
            {
                return call;
            }
        }
        return new ServerCall(this);
    }

    /// <summary>Takes back a call that has ended (called last by the call itself).</summary>
    public void ReturnCall(ServerCall call)
    {
        lock (_freeCallsLock)
        {
            // Keep at most as many as may run at once (and not thousands for a connection that once had a burst).
            if (_freeCalls.Count < Math.Min(_server.Options.MaxInFlightPerConnection, 256))
            {
                _freeCalls.Push(call);
            }
        }
    }

    /// <summary>Queues a call's result; the call's slot is freed once the answer is written.</summary>
    public void EnqueueResult(int callId, object? result, bool hasResult) =>
        EnqueueAnswer(OutgoingFrame.Result(callId, result, hasResult, holdsCallSlot: true));

    /// <summary>Queues the end of a call's result stream (its answer); the call's slot is freed once it is written.</summary>
    public void EnqueueStreamEnd(int callId) => EnqueueAnswer(OutgoingFrame.StreamEnd(callId, holdsCallSlot: true));

    /// <summary>Queues a call's error; the call's slot is freed once the answer is written.</summary>
    public void EnqueueError(int callId, ErrorMessage error) =>
        EnqueueAnswer(OutgoingFrame.ErrorAnswer(callId, error, holdsCallSlot: true));

    private void EnqueueAnswer(in OutgoingFrame answer)
    {
        // The answer holds the call's slot until written: a client that sends calls but never reads the answers
        // runs out of slots (and the server stops reading it) instead of filling the send queue.
        if (!Enqueue(answer))
        {
            ReleaseSlot();
        }
    }

    protected override void OnAnswerWritten(in OutgoingFrame frame)
    {
        if (frame.HoldsCallSlot)
        {
            ReleaseSlot();
        }
    }

    private void ReleaseSlot()
    {
        _gate.Release();
        DecrementActive();
    }

    private void DecrementActive()
    {
        if (Interlocked.Decrement(ref _active) == 0 && Volatile.Read(ref _draining) != 0)
        {
            _drained.TrySetResult();
        }
    }

    /// <summary>Called once by each call as it ends; frees its slot unless an answer was queued (which frees it).</summary>
    public void EndCall(ServerCall call, bool answerQueued)
    {
        if (call.Method.IsStreaming)
        {
            EndStreams(call.CallId, call.Download, call.Upload);
        }
        if (call.Cancellation is CancellationTokenSource cancellation)
        {
            lock (_cancellable)
            {
                _cancellable.Remove(call.CallId);
            }
            cancellation.Dispose();
        }
        if (!answerQueued)
        {
            ReleaseSlot();
        }
    }
}
