namespace NFX.Glue;

/// <summary>The server refused the client's credentials in the handshake; nothing of the client's calls was sent.</summary>
public class GlueAuthenticationException : GlueConnectionException
{
    /// <summary>Creates the exception with a message.</summary>
    public GlueAuthenticationException(string message) : base(message) { }

    /// <summary>Creates the exception with a message and the exception that caused it.</summary>
    public GlueAuthenticationException(string message, Exception? innerException) : base(message, innerException) { }
}
