using System.Buffers;
using NFX.Perf.Contenders.Mirrors;
using NFX.Perf.Workloads;
using ProtoBuf.Meta;

namespace NFX.Perf.Contenders;

/// <summary>protobuf-net with <c>[ProtoContract]</c> contract copies, a runtime model of its own (compiled on first use).</summary>
public sealed class ProtobufNetContender : MirroredContender
{
    /// <summary>The name in the tables.</summary>
    public const string ContenderName = "protobuf-net";

    private readonly RuntimeTypeModel _model = CreateModel();

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "[ProtoContract] copies; RuntimeTypeModel with IncludeDateTimeKind; Serialize(IBufferWriter) into a reused ArrayBufferWriter, Deserialize<T>(memory).";

    /// <inheritdoc/>
    protected override MirrorMapper BackMapper => MirrorMapper.ToModelNullListsAsEmpty;

    /// <inheritdoc/>
    public override string? CannotHandle(Workload workload) =>
        (workload.Traits & (WorkloadTraits.SharedReferences | WorkloadTraits.Cycles)) != 0
            ? "no reference tracking in protobuf-net 3 (AsReference was removed in v3): no cycles or shared references"
            : null;

    /// <inheritdoc/>
    protected override TypedCodec CreateCodec(Type rootType) => TypedCodec.Create(typeof(Codec<>), rootType, _model);

    private static RuntimeTypeModel CreateModel()
    {
        RuntimeTypeModel model = RuntimeTypeModel.Create();
        // Without it a DateTime comes back with Kind Unspecified: data lost.
        model.IncludeDateTimeKind = true;
        return model;
    }

    private sealed class Codec<T>(RuntimeTypeModel model) : TypedCodec
    {
        private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);

        public override ReadOnlyMemory<byte> Serialize(object value)
        {
            _buffer.ResetWrittenCount();
            model.Serialize(_buffer, (T)value);
            return _buffer.WrittenMemory;
        }

        public override object? Deserialize(ReadOnlyMemory<byte> payload) => model.Deserialize<T>(payload);
    }
}
