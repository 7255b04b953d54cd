using System.Buffers;
using NFX.Slim;

namespace NFX.Glue.Serialization;

/// <summary>
/// Slim in <see cref="TypeRegistryMode.Batch"/> mode per connection direction: each type name crosses once. Senders
/// describe layouts as the end's <c>Versioning</c> says (by default version-tolerant: a cluster is upgraded node by
/// node, so the two ends of a connection may run different builds of a DTO); with Batch the member lists cross once
/// per connection. Receivers read both forms unless the end requires strict layouts.
/// </summary>
internal sealed class SlimGlueSerializerFactory : IGlueSerializerFactory
{
    public static SlimGlueSerializerFactory Instance { get; } = new();

    public IGlueSerializer CreateSender(SlimVersioning versioning) =>
        new SlimGlueSerializer(new SlimSerializer(new SlimOptions { RegistryMode = TypeRegistryMode.Batch, Versioning = versioning }));

    public IGlueSerializer CreateReceiver(SlimTypePolicy policy, int maxMessageBytes, bool requireStrictLayouts) =>
        new SlimGlueSerializer(new SlimSerializer(new SlimOptions
        {
            RegistryMode = TypeRegistryMode.Batch,
            TypePolicy = policy,
            RequireStrictLayouts = requireStrictLayouts,
            Limits = SlimLimits.Default with { MaxMessageBytes = maxMessageBytes },
        }));

    public IGlueSerializer CreateStateless(SlimTypePolicy policy, int maxMessageBytes) =>
        new SlimGlueSerializer(new SlimSerializer(new SlimOptions
        {
            RegistryMode = TypeRegistryMode.PerCall,
            TypePolicy = policy,
            Limits = SlimLimits.Default with { MaxMessageBytes = maxMessageBytes },
        }));

    private sealed class SlimGlueSerializer(SlimSerializer slim) : IGlueSerializer
    {
        private SlimSerializer _slim = slim;

        public void Serialize(IBufferWriter<byte> output, object? value) => _slim.Serialize(output, value);

        public object? Deserialize(in ReadOnlySequence<byte> bytes) => _slim.Deserialize(bytes);

        public void Reset() => _slim.ResetBatchRegistry();

        public void WriteFormatVersion1() => _slim = new SlimSerializer(_slim.Options with { WriteFormatVersion = SlimFormatVersion.Version1 });
    }
}
