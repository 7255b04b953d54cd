using System.Buffers;
using MessagePack;
using MessagePack.Resolvers;
using NFX.Perf.Workloads;

namespace NFX.Perf.Contenders;

/// <summary>
/// MessagePack-CSharp in its fast form: <c>[MessagePackObject]</c> contract copies with integer keys (arrays on the
/// wire), the standard resolver with the native Guid and decimal formatters in front.
/// </summary>
public sealed class MessagePackContractContender : MirroredContender
{
    /// <summary>The name in the tables.</summary>
    public const string ContenderName = "MessagePack (contract)";

    /// <summary>No reference tracking in MessagePack-CSharp.</summary>
    public const string NoReferences = "no reference tracking: shared objects would be written twice and a cycle never ends";

    private static readonly MessagePackSerializerOptions s_options = MessagePackSerializerOptions.Standard.WithResolver(
        CompositeResolver.Create(NativeGuidResolver.Instance, NativeDecimalResolver.Instance, StandardResolver.Instance));

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "[MessagePackObject] copies with [Key(int)] members; NativeGuid + NativeDecimal + Standard resolvers; into a reused ArrayBufferWriter.";

    /// <inheritdoc/>
    public override string? CannotHandle(Workload workload) =>
        (workload.Traits & (WorkloadTraits.SharedReferences | WorkloadTraits.Cycles)) != 0 ? NoReferences : null;

    /// <inheritdoc/>
    protected override TypedCodec CreateCodec(Type rootType) => TypedCodec.Create(typeof(Codec<>), rootType, s_options);

    private sealed class Codec<T>(MessagePackSerializerOptions options) : TypedCodec
    {
        private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);

        public override ReadOnlyMemory<byte> Serialize(object value)
        {
            _buffer.ResetWrittenCount();
            MessagePackSerializer.Serialize(_buffer, (T)value, options);
            return _buffer.WrittenMemory;
        }

        public override object? Deserialize(ReadOnlyMemory<byte> payload) => MessagePackSerializer.Deserialize<T>(payload, options);
    }
}
