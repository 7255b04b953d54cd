using System.Buffers;
using NFX.Glue.Client.Calls;
using NFX.Glue.Contracts;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Serialization;
using NFX.Slim;

namespace NFX.Glue.Client;

internal sealed partial class ClientConnection
{
    protected override ValueTask HandleFrameAsync(FrameType type, ReadOnlySequence<byte> content)
    {
        var header = new HeaderReader(content);
        switch (type)
        {
            case FrameType.Result:
            {
                int callId = CallFrames.ReadResult(ref header);
                ReadOnlySequence<byte> body = header.Rest;
                // Deserialize even when nobody waits any more (timed out, canceled): the batch registry must see every message.
                object? value;
                try
                {
                    value = body.IsEmpty ? null : Deserialize(body);
                }
                catch (GlueSerializationException e)
                {
                    // This call learns the real reason; the others fail with the connection it takes down. No new
                    // call may start here meanwhile: the caller's next call already gets a fresh connection.
                    OnDraining("a result could not be deserialized, so the client closes the connection");
                    Fail(callId, e);
                    throw;
                }
                EndStream(callId);
                if (TryTake(callId, out PendingCall? call))
                {
                    call.SetResult(value);
                }
                return default;
            }
            case FrameType.Error:
            {
                (int callId, ErrorMessage error) = ControlFrames.ReadError(ref header, MaxReceiveSize);
                if (error.Kind == ErrorKind.ArgumentsRejected)
                {
                    // The server closes this connection next: stop using it before the caller hears of the error, so
                    // the caller's next call already goes to a fresh connection.
                    OnDraining("the server refused a call's arguments and closes the connection");
                }
                EndStream(callId);
                if (TryTake(callId, out PendingCall? call))
                {
                    Exception failure = _remoteErrors.ToException(error, call.Method);
                    if (error.Kind == ErrorKind.Unavailable)
                    {
                        // Refused before dispatch: the server did not run it, so another connection may.
                        FailOrRetry(call, failure, refused: true);
                    }
                    else
                    {
                        call.SetException(failure);
                    }
                }
                return default;
            }
            case FrameType.Pong:
            {
                ulong payload = ControlFrames.ReadPing(ref header);
                if (payload <= int.MaxValue && TryTake((int)payload, out PendingCall? call))
                {
                    call.SetResult(null);
                }
                return default;
            }
            case FrameType.Bound:
                OnBound(ref header);
                return default;
            case FrameType.StreamItems:
            case FrameType.StreamCredit:
            case FrameType.StreamEnd:
                HandleStreamFrame(type, ref header);
                return default;
            case FrameType.Draining:
                OnDraining("the server is stopping");
                return default;
            default:
                GlueThrow.UnexpectedFrame((byte)type, "server");
                return default;
        }
    }

    private void OnBound(ref HeaderReader header)
    {
        (int callId, int contractId) = ControlFrames.ReadBoundHeader(ref header);
        ContractDescriptor contract = _client.Contracts.At(contractId)
            ?? throw new GlueProtocolException($"Bound names contract id {contractId}, which this client never asked for.");
        ContractAnswer answer = ControlFrames.ReadBoundAnswer(in header, contract.Methods.Length);
        _bindings.AcceptBound(contractId, answer);
        // The server restarted its send registry after Bound: start a receiver whose policy covers the new contract.
        Receiver = CreateReceiver();
        if (TryTake(callId, out PendingCall? call))
        {
            if (call is not PendingCall<ContractAnswer> bind)
            {
                throw new GlueProtocolException($"Bound answers call {callId}, which is not a Bind.");
            }
            bind.SetTypedResult(answer);
        }
    }

    /// <summary>A receiver allowing the result types of every contract bound so far, plus the user's extra types.</summary>
    private IGlueSerializer CreateReceiver()
    {
        var roots = new List<Type>();
        for (int i = 0; i < ProtocolConstants.MaxContracts; i++)
        {
            if (_bindings.IsHosted(i) && _client.Contracts.At(i) is ContractDescriptor contract)
            {
                foreach (MethodDescriptor m in contract.Methods)
                {
                    if (m.ResultType is not null)
                    {
                        roots.Add(m.ResultType);
                    }
                }
            }
        }
        SlimTypePolicy policy = SlimTypePolicy.Default.AllowTypesReachableFrom([.. roots]);
        if (_client.Options.AllowedTypes.Count > 0)
        {
            policy = policy.AllowTypes([.. _client.Options.AllowedTypes]);
        }
        return _client.SerializerFactory.CreateReceiver(policy, _client.Options.MaxMessageSize,
            LayoutStance.Of(_client.Options.Versioning).RefusesMemberLists);
    }

    /// <summary>The receiver before the handshake: there is nothing to deserialize yet.</summary>
    private sealed class NoReceiver : IGlueSerializer
    {
        public static NoReceiver Instance { get; } = new();

        public void Serialize(IBufferWriter<byte> output, object? value) => throw new InvalidOperationException();

        public object? Deserialize(in ReadOnlySequence<byte> bytes) =>
            throw new GlueProtocolException("A message arrived before the handshake completed.");

        public void Reset()
        {
        }

        public void WriteFormatVersion1()
        {
        }
    }
}
