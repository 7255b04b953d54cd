using MemoryPack;

namespace NFX.Perf.Contenders;

/// <summary>
/// MemoryPack with its source-generated formatters on the contract copies: plain <c>[MemoryPackable]</c> on the trees,
/// <c>GenerateType.CircularReference</c> on the company graph and the linked list.
/// </summary>
public sealed class MemoryPackContender : MirroredContender
{
    /// <summary>The name in the tables.</summary>
    public const string ContenderName = "MemoryPack";

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "[MemoryPackable] copies of the types (GenerateType.CircularReference on the graph and the list); Serialize<T>(value) -> new byte[] (as Slim PerCall), Deserialize<T>(span).";

    /// <inheritdoc/>
    protected override TypedCodec CreateCodec(Type rootType) => TypedCodec.Create(typeof(Codec<>), rootType);

    // Serialize<T>(value) -> byte[], the same shape as the reference column (Slim PerCall: Serialize(object) -> byte[]):
    // both pay for their output array, so a ratio compares serializers, not a reused buffer with a new one.
    private sealed class Codec<T> : TypedCodec
    {
        public override ReadOnlyMemory<byte> Serialize(object value) => MemoryPackSerializer.Serialize((T)value);

        public override object? Deserialize(ReadOnlyMemory<byte> payload) => MemoryPackSerializer.Deserialize<T>(payload.Span);
    }
}
