using System.Buffers;

namespace NFX.Glue.Serialization;

/// <summary>
/// One direction of one connection: a sender only serializes, a receiver only deserializes, each from one thread at a
/// time and in wire order (Slim batch registries must see messages in the order the peer does).
/// </summary>
internal interface IGlueSerializer
{
    void Serialize(IBufferWriter<byte> output, object? value);

    object? Deserialize(in ReadOnlySequence<byte> bytes);

    /// <summary>Forgets the types learned on this connection (both ends reset together).</summary>
    void Reset();

    /// <summary>
    /// A sender writes Slim format version 1 from now on, for a peer of an earlier release (set by the handshake,
    /// before the first message).
    /// </summary>
    void WriteFormatVersion1();
}
