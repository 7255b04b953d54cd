using System.Buffers;
using System.Diagnostics;
using NFX.Glue.Contracts;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Server.Streaming;
using NFX.Glue.Transport;

namespace NFX.Glue.Server;

/// <summary>Decoding the client's frames: call frames become <see cref="ServerCall"/>s, after the checks that guard the connection.</summary>
internal sealed partial class ServerConnection
{
    protected override ValueTask HandleFrameAsync(FrameType type, ReadOnlySequence<byte> content)
    {
        var header = new HeaderReader(content);
        switch (type)
        {
            case FrameType.Call:
            case FrameType.TracedCall:
            case FrameType.OneWayCall:
            case FrameType.TracedOneWayCall:
            {
                CallHeader call = CallFrames.ReadCall(type, ref header, GlueTelemetry.Source.HasListeners());
                (HostedContract contract, MethodDescriptor method) = Resolve(call.ContractId, call.MethodId);
                bool oneWay = type is FrameType.OneWayCall or FrameType.TracedOneWayCall;
                if (oneWay && !method.IsOneWay)
                {
                    GlueThrow.Protocol($"{method.DisplayName} is not one-way.");
                }
                return StartCall(contract, method, call.CallId, call.TimeoutMs, header.Rest, call.Trace);
            }
            case FrameType.Cancel:
            {
                int callId = ControlFrames.ReadCancel(ref header);
                CancelCall(callId);
                CancelUpload(callId);
                return default;
            }
            case FrameType.StreamItems:
            case FrameType.StreamCredit:
            case FrameType.StreamEnd:
                return HandleStreamFrame(type, ref header);
            case FrameType.Bind:
            {
                (int callId, int contractId, ContractRequest request) = ControlFrames.ReadBind(ref header);
                // Binding an id again replaces it (a client may retry a Bind whose answer it stopped waiting for).
                ContractAnswer answer = Bind(contractId, request);
                EnqueueControlAnswer(OutgoingFrame.Bound(callId, contractId, answer));
                return default;
            }
            default:
                GlueThrow.UnexpectedFrame((byte)type, "client");
                return default;
        }
    }

    /// <summary>Answers a two-way call with an Error frame of kind <see cref="ErrorKind.InvalidCall"/> without running it.</summary>
    private void RefuseCall(HostedContract contract, MethodDescriptor method, int callId, string reason)
    {
        DecrementActive();
        if (method.HasUpload)
        {
            // The client streams its upload against the credits it expects: count its items and drop them.
            OpenAbandonedUpload(contract, method, callId);
        }
        Enqueue(OutgoingFrame.ErrorAnswer(callId,
            new ErrorMessage(ErrorKind.InvalidCall, typeof(GlueProtocolException).FullName!, $"Call {callId} to {method.DisplayName}: {reason}", null, null),
            holdsCallSlot: false));
    }

    private (HostedContract, MethodDescriptor) Resolve(int contractId, int methodId)
    {
        if (_bindings[contractId] is var (contract, map) && (uint)methodId < (uint)map.Length && map[methodId] is MethodDescriptor method)
        {
            return (contract, method);
        }
        GlueThrow.Protocol($"Call to unbound contract {contractId} or method {methodId}.");
        return default;
    }

    private ValueTask StartCall(HostedContract contract, MethodDescriptor method, int callId, uint timeoutMs, ReadOnlySequence<byte> body,
        in ActivityContext parent)
    {
        object? args = null;
        if (method.HasArgs != !body.IsEmpty)
        {
            GlueThrow.Protocol($"The call to {method.DisplayName} has {(body.IsEmpty ? "no" : "unexpected")} arguments.");
        }
        // Counted before the drain flag is read (BeginDrain does the reverse), so a drain never misses a call.
        Interlocked.Increment(ref _active);
        if (Volatile.Read(ref _draining) != 0)
        {
            // The bodies of refused calls are not deserialized: every later call on this connection is refused too,
            // so the receive registry is never needed again.
            DecrementActive();
            if (!method.IsOneWay)
            {
                if (method.HasUpload)
                {
                    OpenAbandonedUpload(contract, method, callId);
                }
                Enqueue(OutgoingFrame.ErrorAnswer(callId, s_stopping, holdsCallSlot: false));
            }
            return default;
        }
        if (method.HasArgs)
        {
            try
            {
                args = Deserialize(body);
                if (args?.GetType() != method.ArgsType)
                {
                    GlueThrow.Serialization($"The arguments of {method.DisplayName} are a {args?.GetType().FullName ?? "null"}, not a {method.ArgsType.FullName}.");
                }
            }
            catch (GlueSerializationException e)
            {
                // Tell the caller why, then close: the batch registries can no longer be trusted to agree.
                if (!method.IsOneWay)
                {
                    Enqueue(OutgoingFrame.ErrorAnswer(callId, new ErrorMessage(ErrorKind.ArgumentsRejected, e.GetType().FullName!, e.Message, null, null), holdsCallSlot: false));
                }
                DecrementActive();
                _ = CloseAsync(GoodbyeReason.SerializationError, e.Message, e, TimeSpan.FromSeconds(1));
                return default;
            }
        }

        if (timeoutMs > ProtocolConstants.MaxTimeoutMs)
        {
            // Refused after its arguments were read, so the connection's batch registry stays in step and the
            // connection stays open: only this call fails.
            RefuseCall(contract, method, callId, $"timeoutMs {timeoutMs} is out of range (0 = none, 1..{ProtocolConstants.MaxTimeoutMs}).");
            return default;
        }

        CancellationTokenSource? cancellation = null;
        // A streaming call always has its own token: the client's Cancel and the deadline must reach its iterators.
        if ((method.HasCancellationToken || method.IsStreaming) && !method.IsOneWay)
        {
            cancellation = new CancellationTokenSource();
            if (timeoutMs > 0)
            {
                cancellation.CancelAfter(TimeSpan.FromMilliseconds(timeoutMs));
            }
        }
        ServerUpload? upload = method.HasUpload ? OpenUpload(contract, method, callId, cancellation!.Token) : null;
        ServerDownload? download = method.IsServerStream ? OpenDownload(method, callId, cancellation!) : null;
        ServerCall call = RentCall().Init(contract, method, callId, args, cancellation, parent, upload, download);
        if (cancellation is not null)
        {
            lock (_cancellable)
            {
                if (!_cancellable.TryAdd(callId, call))
                {
                    GlueThrow.Protocol($"Call id {callId} is already in flight.");
                }
            }
        }
        if (_gate.TryTake())
        {
            ThreadPool.UnsafeQueueUserWorkItem(call, preferLocal: false);
            return default;
        }
        return DispatchWhenFreeAsync(call);
    }
}
