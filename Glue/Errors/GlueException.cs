namespace NFX.Glue;

/// <summary>The base of every exception Glue throws: catch it to handle any RPC failure.</summary>
public class GlueException : Exception
{
    /// <summary>Creates the exception with a message.</summary>
    public GlueException(string message) : base(message) { }

    /// <summary>Creates the exception with a message and the exception that caused it.</summary>
    public GlueException(string message, Exception? innerException) : base(message, innerException) { }
}
