namespace NFX.Glue;

/// <summary>The other end broke the wire protocol (malformed or unexpected frame, bad handshake); the connection is closed.</summary>
public class GlueProtocolException : GlueConnectionException
{
    /// <summary>Creates the exception with a message.</summary>
    public GlueProtocolException(string message) : base(message) { }

    /// <summary>Creates the exception with a message and the exception that caused it.</summary>
    public GlueProtocolException(string message, Exception? innerException) : base(message, innerException) { }
}
