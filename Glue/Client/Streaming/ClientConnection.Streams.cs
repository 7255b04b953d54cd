using NFX.Glue.Client.Streaming;
using NFX.Glue.Contracts;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Transport;

namespace NFX.Glue.Client;

/// <summary>
/// The streams of this connection's calls. A streaming call is registered here when its Call frame has been written
/// and stays until the server's last frame for it (StreamEnd, Result or Error), even when this end has already
/// given up on it (canceled, timed out): items still on their way are then counted and dropped, while an item for a
/// call that is not registered, or beyond the credits granted, breaks the protocol and closes the connection.
/// </summary>
internal sealed partial class ClientConnection
{
    private readonly Dictionary<int, StreamingCall> _streams = new();
    private volatile int _streamCount;

    /// <summary>
    /// Starts a streaming call: registered as pending (its deadline and cancellation apply from now on, for the whole
    /// stream) and queued like any call, holding an in-flight slot until it ends.
    /// </summary>
    public void StartStream(StreamingCall call, int contractId, MethodDescriptor method, object? args, TimeSpan timeout, CancellationToken cancellationToken)
    {
        call.Method = method;
        call.Connection = this;
        Observe(call, method);
        if (!Start(call, timeout))
        {
            call.SetException(ClosedError());
            return;
        }
        RegisterCancellation(call, cancellationToken);
        var frame = OutgoingFrame.Call(call, call.Generation, call.CallId, contractId, method.Id, args, method.HasArgs);
        if (_slots.TakeOrQueue(call, frame) && !Enqueue(frame))
        {
            Fail(call.CallId, ClosedError());
        }
    }

    /// <summary>The caller left the enumeration early: the call is canceled (Cancel frame) and its stream drained.</summary>
    public void CancelStream(int callId) => CancelCall(callId, CancellationToken.None);

    /// <summary>Fails a streaming call on this end (an item of the wrong type, an upload that could not be sent or threw).</summary>
    public void FailStream(int callId, Exception error, bool sendCancel)
    {
        if (TryTake(callId, out PendingCall? call))
        {
            if (sendCancel)
            {
                Enqueue(OutgoingFrame.Cancel(callId));
            }
            call.SetException(error);
        }
    }

    /// <summary>The Call frame of a streaming call has been written (writer loop): register it, then open its streams.</summary>
    private void OnStreamCallSent(StreamingCall call)
    {
        int unclosed = 0;
        lock (_streams)
        {
            _streams[call.CallId] = call;
            _streamCount = _streams.Count;
            if (_streams.Count > _client.Options.MaxInFlight)
            {
                unclosed = _streams.Values.Count(s => s.IsFinished);
            }
        }
        if (unclosed > _client.Options.MaxInFlight)
        {
            // Calls that ended here long ago are still waiting for the server's last frame: a server that never sends it
            // would make this table grow without bound.
            Abort(new GlueProtocolException($"The server left {unclosed} streams unclosed after their calls ended."));
            return;
        }
        call.OnCallSent();
    }

    /// <summary>The server's last frame for a call (Result, Error): a streaming call leaves the table.</summary>
    private void EndStream(int callId)
    {
        if (_streamCount == 0)
        {
            return;
        }
        lock (_streams)
        {
            _streams.Remove(callId);
            _streamCount = _streams.Count;
        }
    }

    private StreamingCall? FindStream(int callId)
    {
        lock (_streams)
        {
            return _streams.TryGetValue(callId, out StreamingCall? call) ? call : null;
        }
    }

    private void HandleStreamFrame(FrameType type, ref HeaderReader header)
    {
        switch (type)
        {
            case FrameType.StreamItems:
            {
                int callId = StreamFrames.ReadCallId(ref header);
                StreamingCall call = FindStream(callId) ?? throw new GlueProtocolException($"Stream items for call {callId}, which has no open stream.");
                object? item;
                try
                {
                    // Deserialized even when dropped: the batch registry must see every message.
                    item = Deserialize(header.Rest);
                }
                catch (GlueSerializationException e)
                {
                    OnDraining("a stream item could not be deserialized, so the client closes the connection");
                    FailStream(callId, e, sendCancel: false);
                    throw;
                }
                call.Deliver(item);
                return;
            }
            case FrameType.StreamCredit:
            {
                (int callId, uint credits) = StreamFrames.ReadCredit(ref header);
                if (callId <= 0 || callId > Volatile.Read(ref _nextCallId))
                {
                    GlueThrow.Protocol($"StreamCredit for call {callId}, which this client never started.");
                }
                // An upload that has just ended may still get the credits the server sent meanwhile: ignored.
                if (FindStream(callId)?.Upload is { } upload && !upload.Credits.Grant(credits))
                {
                    GlueThrow.Protocol($"The server granted call {callId} credits past {ProtocolConstants.MaxStreamCredit} outstanding.");
                }
                return;
            }
            default:
            {
                int callId = StreamFrames.ReadCallId(ref header);
                StreamFrames.EnsureEnd(ref header, callId);
                StreamingCall? call;
                lock (_streams)
                {
                    _streams.Remove(callId, out call);
                    _streamCount = _streams.Count;
                }
                if (call?.Window is null)
                {
                    GlueThrow.Protocol($"StreamEnd for call {callId}, which has no open result stream.");
                }
                if (TryTake(callId, out PendingCall? pending))
                {
                    pending.SetResult(null);
                }
                return;
            }
        }
    }
}
