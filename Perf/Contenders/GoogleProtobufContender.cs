using Google.Protobuf;
using NFX.Perf.Contenders.Protobuf;
using NFX.Perf.Workloads;

namespace NFX.Perf.Contenders;

/// <summary>
/// Google.Protobuf with protoc-generated messages (Perf/Proto/perf.proto). Timing covers the message's own
/// serialize and parse; mapping between the model and the messages happens outside timing and only serves the
/// verification, so protobuf is measured the way its users use it (messages as the data types).
/// </summary>
public sealed class GoogleProtobufContender : Contender
{
    private byte[] _buffer = new byte[64 * 1024];
    private MessageParser? _parser;

    /// <inheritdoc/>
    public override string Name => "Google.Protobuf";

    /// <inheritdoc/>
    public override string Notes => "protoc messages mirroring the model; WriteTo(Span) into a reused array, ParseFrom(span); mapping not timed.";

    /// <inheritdoc/>
    public override string? CannotHandle(Workload workload)
    {
        if ((workload.Traits & (WorkloadTraits.SharedReferences | WorkloadTraits.Cycles)) != 0)
        {
            return "no cycles or shared references in protobuf";
        }
        if ((workload.Traits & WorkloadTraits.Deep) != 0)
        {
            return "a 1M-deep chain of nested messages exceeds protobuf's recursion limit (100)";
        }
        return null;
    }

    /// <inheritdoc/>
    public override void Setup(Workload workload, IReadOnlyList<object> roots) =>
        _parser = ProtoMapper.ParserFor(roots[0].GetType()) ?? throw new NotSupportedException($"No protobuf mirror of {roots[0].GetType()}.");

    /// <inheritdoc/>
    public override object Prepare(object root) =>
        ProtoMapper.ToMessage(root) ?? throw new NotSupportedException($"No protobuf mirror of {root.GetType()}.");

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared)
    {
        var message = (IMessage)prepared;
        int size = message.CalculateSize();
        if (_buffer.Length < size)
        {
            _buffer = new byte[Math.Max(size, _buffer.Length * 2)];
        }
        message.WriteTo(_buffer.AsSpan(0, size));
        return _buffer.AsMemory(0, size);
    }

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload) =>
        (_parser ?? throw new InvalidOperationException("Setup was not called.")).ParseFrom(payload.Span);

    /// <inheritdoc/>
    public override object? ToModel(object? deserialized) => ProtoMapper.ToModel(deserialized);
}
