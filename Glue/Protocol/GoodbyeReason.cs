namespace NFX.Glue.Protocol;

/// <summary>Why a peer is closing (<see cref="FrameType.Goodbye"/>).</summary>
internal enum GoodbyeReason : byte
{
    /// <summary>An orderly close (the client was disposed, the server is stopping).</summary>
    Closing = 1,

    /// <summary>The peer broke the protocol.</summary>
    ProtocolError = 2,

    /// <summary>A message could not be deserialized, so the batch registries may disagree.</summary>
    SerializationError = 3,
}
