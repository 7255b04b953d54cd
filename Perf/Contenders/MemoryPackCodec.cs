using MemoryPack;

namespace NFX.Perf.Contenders;

/// <summary>
/// MemoryPack's typed calls for one root type, shared by <see cref="MemoryPackContender"/> and
/// <see cref="MemoryPackReferencesContender"/> (which differ only in the contract copies they serialize).
/// </summary>
/// <remarks>
/// <c>Serialize&lt;T&gt;(value) -&gt; byte[]</c>, the same shape as the reference column (Slim PerCall:
/// <c>Serialize(object) -&gt; byte[]</c>): both pay for their output array, so a ratio compares serializers, not a reused
/// buffer with a new one.
/// </remarks>
internal sealed class MemoryPackCodec<T> : TypedCodec
{
    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object value) => MemoryPackSerializer.Serialize((T)value);

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload) => MemoryPackSerializer.Deserialize<T>(payload.Span);
}
