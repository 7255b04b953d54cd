namespace NFX.Glue;

/// <summary>A contract interface is invalid (the message names Interface.Method and the rule), or the server does not host the contract or method that was called.</summary>
public class GlueContractException : GlueException
{
    /// <summary>Creates the exception with a message.</summary>
    public GlueContractException(string message) : base(message) { }

    /// <summary>Creates the exception with a message and the exception that caused it.</summary>
    public GlueContractException(string message, Exception? innerException) : base(message, innerException) { }
}
