namespace NFX.Glue;

/// <summary>The connection could not be established, was lost, or was closed by the other end; calls pending on it fail with this.</summary>
public class GlueConnectionException : GlueException
{
    /// <summary>Creates the exception with a message.</summary>
    public GlueConnectionException(string message) : base(message) { }

    /// <summary>Creates the exception with a message and the exception that caused it.</summary>
    public GlueConnectionException(string message, Exception? innerException) : base(message, innerException) { }
}
