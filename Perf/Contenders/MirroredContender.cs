using NFX.Perf.Contenders.Mirrors;
using NFX.Perf.Workloads;

namespace NFX.Perf.Contenders;

/// <summary>
/// A peer that needs its own attributes on the data types: it serializes the contract copies of the workload types
/// (Perf/Contenders/Mirrors) through a <see cref="TypedCodec"/> for the root type. Mapping model -> copy and back
/// happens outside timing and serves only the verification.
/// </summary>
public abstract class MirroredContender : Contender
{
    private TypedCodec? _codec;

    /// <summary>How the model is mapped to the copy (the copies with reference tracking for MemoryPack (references)).</summary>
    protected virtual MirrorMapper ForwardMapper => MirrorMapper.ToMirror;

    /// <summary>How the copy is mapped back to the model (protobuf maps null lists to empty ones).</summary>
    protected virtual MirrorMapper BackMapper => MirrorMapper.ToModel;

    /// <summary>Creates the codec for the contract copy's root type.</summary>
    protected abstract TypedCodec CreateCodec(Type rootType);

    /// <inheritdoc/>
    public override void Setup(Workload workload, IReadOnlyList<object> roots) =>
        _codec = CreateCodec(ForwardMapper.TargetOf(roots[0].GetType()));

    /// <inheritdoc/>
    public override object Prepare(object root) => ForwardMapper.Map(root)!;

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared) => Codec.Serialize(prepared);

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload) => Codec.Deserialize(payload);

    /// <inheritdoc/>
    public override object? ToModel(object? deserialized) => BackMapper.Map(deserialized);

    private TypedCodec Codec => _codec ?? throw new InvalidOperationException("Setup was not called.");
}
