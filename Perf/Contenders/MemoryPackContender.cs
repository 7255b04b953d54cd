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
        "[MemoryPackable] copies of the types (GenerateType.CircularReference on the graph and the list); Serialize<T>(value) into a new byte[] " +
        "(the call a new user makes, and the output Slim (PerCall) allocates too), Deserialize<T>(span).";

    /// <inheritdoc/>
    protected override TypedCodec CreateCodec(Type rootType) => TypedCodec.Create(typeof(Codec<>), rootType);

    private sealed class Codec<T> : TypedCodec
    {
        // A new byte[] per call, like Slim (PerCall): the MemoryPack targets compare the two with the output
        // both allocate (MemoryPack writes into a pooled buffer, then copies out once, as Slim does).
        public override ReadOnlyMemory<byte> Serialize(object value) => MemoryPackSerializer.Serialize((T)value);

        public override object? Deserialize(ReadOnlyMemory<byte> payload) => MemoryPackSerializer.Deserialize<T>(payload.Span);
    }
}
