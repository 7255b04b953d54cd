using NFX.Glue.Client.Calls;
using NFX.Glue.Client.Streaming;
using NFX.Glue.Contracts;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Transport;
using NFX.Glue.Transport.Streaming;

namespace NFX.Glue.Client;

/// <summary>
/// The streams of this connection's calls. A streaming call is registered here when its Call frame has been written
/// and stays until the server's last frame for it (StreamEnd, Result or Error), even when this end has already
/// given up on it (canceled, timed out): items still on their way are then counted and dropped, while an item for a
/// call that is not registered, or beyond the credits granted, breaks the protocol and closes the connection.
/// </summary>
internal sealed partial class ClientConnection
{
    private readonly StreamTable<StreamingCall> _streams = new();

    /// <summary>
    /// Starts a streaming call: registered as pending (its deadline and cancellation apply from now on, for the whole
    /// stream) and queued like any call, holding an in-flight slot until it ends.
    /// </summary>
    public void StartStream(StreamingCall call, int contractId, MethodDescriptor method, object? args, TimeSpan timeout, CancellationToken cancellationToken)
    {
        call.Connection = this;
        // The arguments go into the frame only: a streaming call is never retried.
        call.Begin(new CallRequest(method, contractId, Payload: null, cancellationToken, WaitForReady: false), DeadlineAfter(timeout),
            CallTelemetry.Start(Metrics, method, Transport.RemoteEndPoint));
        if (!Register(call))
        {
            call.SetException(ClosedError());
            return;
        }
        RegisterCancellation(call, cancellationToken);
        var frame = OutgoingFrame.Call(call, call.Generation, call.CallId, contractId, method.Id, args, method.HasArgs);
        if (_inFlight.TakeOrQueue(call, frame) && !Enqueue(frame))
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
        if (_streams.Set(call.CallId, call) > _client.Options.MaxInFlight
            && _streams.CountWhere(static s => s.IsFinished) is int unclosed && unclosed > _client.Options.MaxInFlight)
        {
            // Calls that ended here long ago are still waiting for the server's last frame: a server that never sends it
            // would make this table grow without bound.
            Abort(new GlueProtocolException($"The server left {unclosed} streams unclosed after their calls ended."));
            return;
        }
        call.OnCallSent();
    }

    /// <summary>The server's last frame for a call (Result, Error): a streaming call leaves the table.</summary>
    private void EndStream(int callId) => _streams.Remove(callId);

    private void HandleStreamFrame(FrameType type, ref HeaderReader header)
    {
        switch (type)
        {
            case FrameType.StreamItems:
            {
                int callId = StreamFrames.ReadCallId(ref header);
                StreamingCall call = _streams.Find(callId) ?? throw new GlueProtocolException($"Stream items for call {callId}, which has no open stream.");
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
                if (_streams.Find(callId)?.Upload is { } upload && !upload.Credits.Grant(credits))
                {
                    GlueThrow.Protocol($"The server granted call {callId} credits past {ProtocolConstants.MaxStreamCredit} outstanding.");
                }
                return;
            }
            default:
            {
                StreamingCall call = _streams.TakeEnded(ref header, "result stream", static c => c.Window is not null);
                if (TryTake(call.CallId, out PendingCall? pending))
                {
                    pending.SetResult(null);
                }
                return;
            }
        }
    }
}
