namespace NFX.Glue;

/// <summary>A call's arguments or result could not be serialized or deserialized (for example a type the receiver's policy does not allow).</summary>
public class GlueSerializationException : GlueException
{
    /// <summary>Creates the exception with a message.</summary>
    public GlueSerializationException(string message) : base(message) { }

    /// <summary>Creates the exception with a message and the exception that caused it.</summary>
    public GlueSerializationException(string message, Exception? innerException) : base(message, innerException) { }
}
