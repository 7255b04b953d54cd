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
    protected override TypedCodec CreateCodec(Type rootType) => TypedCodec.Create(typeof(MemoryPackCodec<>), rootType);
}
