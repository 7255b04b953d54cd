using System.Diagnostics;
using NFX.Glue.Protocol;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport.Streaming;

namespace NFX.Glue.Transport;

/// <summary>
/// A frame waiting in a connection's send queue. A struct: the queue stores it inline, so queuing a frame does not
/// allocate. The writer loop serializes <see cref="Payload"/> itself, so the batch registry sees wire order.
/// Built only through the factory per frame type; each accessor is meaningful for the frame types it names.
/// </summary>
internal readonly struct OutgoingFrame
{
    // One reference and one number hold the per-type extra (kept private so the queue's element stays small);
    // the typed accessors below are the only way to read them.
    private readonly object? _extra;
    private readonly ulong _number;

    private OutgoingFrame(FrameType type, int callId, int contractId, int methodId, object? payload, bool hasBody,
        object? extra, ulong number)
    {
        Type = type;
        CallId = callId;
        ContractId = contractId;
        MethodId = methodId;
        Payload = payload;
        HasBody = hasBody;
        _extra = extra;
        _number = number;
    }

    public FrameType Type { get; }

    public int CallId { get; }

    public int ContractId { get; }

    public int MethodId { get; }

    /// <summary>The object to serialize as the body (argument pack or result), when <see cref="HasBody"/>.</summary>
    public object? Payload { get; }

    public bool HasBody { get; }

    /// <summary>True for the call frames (Call, OneWayCall, traced or not).</summary>
    public bool IsCall => Type is FrameType.Call or FrameType.TracedCall or FrameType.OneWayCall or FrameType.TracedOneWayCall;

    /// <summary>True for the frames that are answered (Call, traced or not).</summary>
    public bool IsTwoWayCall => Type is FrameType.Call or FrameType.TracedCall;

    /// <summary>Call: the waiting caller.</summary>
    public IOutgoingCall Caller => (IOutgoingCall)_extra!;

    /// <summary>Call: which use of a recycled caller object this frame belongs to.</summary>
    public int CallerGeneration => (int)_number;

    /// <summary>Call, OneWayCall: the trace context to send (default: none, an untraced frame type).</summary>
    public ActivityContext Trace => (_extra as ITraceCarrier)?.TraceContext ?? default;

    /// <summary>StreamItems: the stream the items belong to (asked, as the frame is written, whether it still wants sending).</summary>
    public IStreamSender ItemSender => (IStreamSender)_extra!;

    /// <summary>StreamCredit: how many more items the peer may send.</summary>
    public uint Credits => (uint)_number;

    /// <summary>Result, Error, StreamEnd: the answer holds one of the server's in-flight slots, freed once it is written.</summary>
    public bool HoldsCallSlot => _number != 0;

    /// <summary>Error: what to send.</summary>
    public ErrorMessage Error => (ErrorMessage)_extra!;

    /// <summary>Ping, Pong: the 64-bit payload.</summary>
    public ulong PingPayload => _number;

    /// <summary>Goodbye: why the sender closes.</summary>
    public GoodbyeReason GoodbyeReason => (GoodbyeReason)_number;

    /// <summary>Goodbye: the text that goes with the reason.</summary>
    public string GoodbyeMessage => (string?)_extra ?? string.Empty;

    /// <summary>Bind: the contract asked for.</summary>
    public ContractRequest BindRequest => (ContractRequest)_extra!;

    /// <summary>Bound: the server's answer.</summary>
    public ContractAnswer BindAnswer => (ContractAnswer)_extra!;

    /// <summary>A two-way call; traced when the caller carries a trace context.</summary>
    public static OutgoingFrame Call(IOutgoingCall caller, int generation, int callId, int contractId, int methodId, object? args, bool hasArgs) =>
        new(caller.TraceContext == default ? FrameType.Call : FrameType.TracedCall, callId, contractId, methodId, args, hasArgs,
            caller, (uint)generation);

    /// <summary>A one-way call; traced when <paramref name="trace"/> is set.</summary>
    public static OutgoingFrame OneWay(int contractId, int methodId, object? args, bool hasArgs, in ActivityContext trace) =>
        trace == default
            ? new(FrameType.OneWayCall, 0, contractId, methodId, args, hasArgs, null, 0)
            : new(FrameType.TracedOneWayCall, 0, contractId, methodId, args, hasArgs, new TraceCarrier(trace), 0);

    /// <summary>A call's result (no body for Task/ValueTask).</summary>
    public static OutgoingFrame Result(int callId, object? result, bool hasResult, bool holdsCallSlot) =>
        new(FrameType.Result, callId, 0, 0, result, hasResult, null, holdsCallSlot ? 1UL : 0);

    /// <summary>A call's error.</summary>
    public static OutgoingFrame ErrorAnswer(int callId, ErrorMessage error, bool holdsCallSlot) =>
        new(FrameType.Error, callId, 0, 0, null, false, error, holdsCallSlot ? 1UL : 0);

    public static OutgoingFrame Cancel(int callId) => new(FrameType.Cancel, callId, 0, 0, null, false, null, 0);

    public static OutgoingFrame Ping(ulong payload) => new(FrameType.Ping, 0, 0, 0, null, false, null, payload);

    public static OutgoingFrame Pong(ulong payload) => new(FrameType.Pong, 0, 0, 0, null, false, null, payload);

    public static OutgoingFrame Goodbye(GoodbyeReason reason, string message) =>
        new(FrameType.Goodbye, 0, 0, 0, null, false, message, (ulong)reason);

    public static OutgoingFrame Bind(int callId, int contractId, ContractRequest request) =>
        new(FrameType.Bind, callId, contractId, 0, null, false, request, 0);

    public static OutgoingFrame Bound(int callId, int contractId, ContractAnswer answer) =>
        new(FrameType.Bound, callId, contractId, 0, null, false, answer, 0);

    /// <summary>Items of a stream, as one <c>T[]</c>; the body is the batch, serialized by the writer loop in wire order.</summary>
    public static OutgoingFrame StreamItems(int callId, Array batch, IStreamSender sender) =>
        new(FrameType.StreamItems, callId, 0, 0, batch, true, sender, 0);

    /// <summary>Lets the peer send <paramref name="credits"/> more items of the call's stream.</summary>
    public static OutgoingFrame StreamCredit(int callId, uint credits) =>
        new(FrameType.StreamCredit, callId, 0, 0, null, false, null, credits);

    /// <summary>The end of this end's stream of the call (the server's: the call's answer, holding its slot until written).</summary>
    public static OutgoingFrame StreamEnd(int callId, bool holdsCallSlot) =>
        new(FrameType.StreamEnd, callId, 0, 0, null, false, null, holdsCallSlot ? 1UL : 0);

    public static OutgoingFrame Draining() => new(FrameType.Draining, 0, 0, 0, null, false, null, 0);
}
