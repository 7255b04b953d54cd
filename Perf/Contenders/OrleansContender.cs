using System.Buffers;
using Microsoft.Extensions.DependencyInjection;
using Orleans.Serialization;

namespace NFX.Perf.Contenders;

/// <summary>
/// The Orleans serializer (Microsoft.Orleans.Serialization) with its source-generated codecs on
/// <c>[GenerateSerializer]</c> contract copies; reference tracking is its default, so shared objects and cycles survive.
/// </summary>
public sealed class OrleansContender : MirroredContender, IDisposable
{
    /// <summary>The name in the tables.</summary>
    public const string ContenderName = "Orleans";

    private readonly ServiceProvider _services = new ServiceCollection().AddSerializer().BuildServiceProvider();

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "[GenerateSerializer]/[Id] copies, Serializer<T> from AddSerializer() (reference tracking on); into a reused ArrayBufferWriter.";

    /// <inheritdoc/>
    protected override TypedCodec CreateCodec(Type rootType) =>
        TypedCodec.Create(typeof(Codec<>), rootType, _services.GetRequiredService(typeof(Serializer<>).MakeGenericType(rootType)));

    /// <inheritdoc/>
    public void Dispose() => _services.Dispose();

    private sealed class Codec<T>(Serializer<T> serializer) : TypedCodec
    {
        private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);

        public override ReadOnlyMemory<byte> Serialize(object value)
        {
            _buffer.ResetWrittenCount();
            serializer.Serialize((T)value, _buffer);
            return _buffer.WrittenMemory;
        }

        public override object? Deserialize(ReadOnlyMemory<byte> payload) => serializer.Deserialize(payload);
    }
}
