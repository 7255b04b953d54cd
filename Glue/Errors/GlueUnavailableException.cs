namespace NFX.Glue;

/// <summary>
/// The server refused the call without running it because it is stopping (graceful shutdown), so the call is safe to
/// retry, on another node or after the server is back.
/// </summary>
public class GlueUnavailableException : GlueConnectionException
{
    /// <summary>Creates the exception with a message.</summary>
    public GlueUnavailableException(string message) : base(message) { }

    /// <summary>Creates the exception with a message and the exception that caused it.</summary>
    public GlueUnavailableException(string message, Exception? innerException) : base(message, innerException) { }
}
