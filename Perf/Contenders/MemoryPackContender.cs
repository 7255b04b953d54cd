using System.Buffers;
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
        "[MemoryPackable] copies of the types (GenerateType.CircularReference on the graph and the list); Serialize into a reused ArrayBufferWriter, Deserialize<T>(span).";

    /// <inheritdoc/>
    protected override TypedCodec CreateCodec(Type rootType) => TypedCodec.Create(typeof(Codec<>), rootType);

    private sealed class Codec<T> : TypedCodec
    {
        private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);

        public override ReadOnlyMemory<byte> Serialize(object value)
        {
            _buffer.ResetWrittenCount();
            MemoryPackSerializer.Serialize(_buffer, (T)value);
            return _buffer.WrittenMemory;
        }

        public override object? Deserialize(ReadOnlyMemory<byte> payload) => MemoryPackSerializer.Deserialize<T>(payload.Span);
    }
}
