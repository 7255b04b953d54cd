using System.Buffers;
using MessagePack;
using MessagePack.Resolvers;
using NFX.Perf.Workloads;

namespace NFX.Perf.Contenders;

/// <summary>
/// MessagePack-CSharp Typeless: the plain workload types, no attributes, type names in the payload (the closest
/// attribute-free peer of Slim).
/// </summary>
public sealed class MessagePackTypelessContender : Contender
{
    /// <summary>The name in the tables.</summary>
    public const string ContenderName = "MessagePack (Typeless)";

    private static readonly MessagePackSerializerOptions s_options = TypelessContractlessStandardResolver.Options.WithResolver(
        CompositeResolver.Create(NativeGuidResolver.Instance, NativeDecimalResolver.Instance, TypelessContractlessStandardResolver.Instance));

    private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "MessagePackSerializer.Typeless on the plain types (contractless, type names written); NativeGuid + NativeDecimal resolvers; reused ArrayBufferWriter.";

    /// <inheritdoc/>
    public override string? CannotHandle(Workload workload) =>
        (workload.Traits & (WorkloadTraits.SharedReferences | WorkloadTraits.Cycles)) != 0 ? MessagePackContractContender.NoReferences : null;

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared)
    {
        _buffer.ResetWrittenCount();
        // Typeless is Serialize<object> with the typeless resolver; the IBufferWriter overload lives on the generic API.
        MessagePackSerializer.Serialize<object>(_buffer, prepared, s_options);
        return _buffer.WrittenMemory;
    }

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload) => MessagePackSerializer.Deserialize<object>(payload, s_options);
}
