namespace NFX.Glue;

/// <summary>A call did not complete before its deadline; the server was asked to cancel it.</summary>
public class GlueTimeoutException : GlueException
{
    /// <summary>Creates the exception with a message.</summary>
    public GlueTimeoutException(string message) : base(message) { }

    /// <summary>Creates the exception with a message and the exception that caused it.</summary>
    public GlueTimeoutException(string message, Exception? innerException) : base(message, innerException) { }
}
