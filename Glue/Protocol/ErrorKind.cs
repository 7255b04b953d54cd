namespace NFX.Glue.Protocol;

/// <summary>What an <see cref="FrameType.Error"/> frame reports.</summary>
internal enum ErrorKind : byte
{
    /// <summary>The implementation threw: becomes <see cref="RemoteException"/>.</summary>
    Remote = 1,

    /// <summary>The result could not be serialized: becomes <see cref="GlueSerializationException"/>.</summary>
    Serialization = 2,

    /// <summary>The result exceeded the maximum message size: becomes <see cref="GlueMessageTooLargeException"/>.</summary>
    MessageTooLarge = 3,

    /// <summary>The server failed outside the implementation (e.g. creating the instance): becomes <see cref="GlueException"/>.</summary>
    Server = 4,

    /// <summary>The call's deadline passed on the server and the implementation gave up: becomes <see cref="GlueTimeoutException"/>.</summary>
    DeadlineExceeded = 5,

    /// <summary>The server is stopping and did not run the call: becomes <see cref="GlueUnavailableException"/>.</summary>
    Unavailable = 6,

    /// <summary>
    /// The call's arguments could not be deserialized on the server, which closes the connection right after this
    /// answer: becomes <see cref="GlueSerializationException"/>, and the client stops using the connection at once.
    /// </summary>
    ArgumentsRejected = 7,

    /// <summary>
    /// A value of the call's header is out of its documented range (the message names the field, e.g. <c>timeoutMs</c>):
    /// the call was not run and the connection stays open. Becomes <see cref="GlueProtocolException"/>.
    /// </summary>
    InvalidCall = 8,
}
