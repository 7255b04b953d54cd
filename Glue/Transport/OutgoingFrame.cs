using NFX.Glue.Protocol;

namespace NFX.Glue.Transport;

/// <summary>
/// A frame waiting in a connection's send queue. A struct: the queue stores it inline, so queuing a frame does not
/// allocate. The writer loop serializes <see cref="Payload"/> itself, so the batch registry sees wire order.
/// </summary>
internal readonly struct OutgoingFrame
{
    public OutgoingFrame(FrameType type, int callId = 0, int contractId = 0, int methodId = 0, object? payload = null,
        bool hasBody = false, object? state = null, ulong value = 0)
    {
        Type = type;
        CallId = callId;
        ContractId = contractId;
        MethodId = methodId;
        Payload = payload;
        HasBody = hasBody;
        State = state;
        Value = value;
    }

    public FrameType Type { get; }

    public int CallId { get; }

    public int ContractId { get; }

    public int MethodId { get; }

    /// <summary>The object to serialize as the body (argument pack or result), when <see cref="HasBody"/>.</summary>
    public object? Payload { get; }

    public bool HasBody { get; }

    /// <summary>Per-type extra: the pending call, an error message, a contract request or answer, a Goodbye text.</summary>
    public object? State { get; }

    /// <summary>Ping/Pong payload, or a Goodbye reason.</summary>
    public ulong Value { get; }
}
