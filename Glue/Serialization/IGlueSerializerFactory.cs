using NFX.Slim;

namespace NFX.Glue.Serialization;

/// <summary>Makes the per-connection serializers; the shipping one is <see cref="SlimGlueSerializerFactory"/>.</summary>
internal interface IGlueSerializerFactory
{
    /// <summary>The serializer for messages this end sends on one connection, describing layouts as <paramref name="versioning"/> says.</summary>
    IGlueSerializer CreateSender(SlimVersioning versioning);

    /// <summary>
    /// The serializer for messages this end receives on one connection, bounded by <paramref name="policy"/>;
    /// <paramref name="requireStrictLayouts"/> refuses member lists.
    /// </summary>
    IGlueSerializer CreateReceiver(SlimTypePolicy policy, int maxMessageBytes, bool requireStrictLayouts);

    /// <summary>
    /// A thread-safe serializer with a fresh registry per message, for exception objects: a failure there must not
    /// disturb the batch registries of the call stream.
    /// </summary>
    IGlueSerializer CreateStateless(SlimTypePolicy policy, int maxMessageBytes);
}
