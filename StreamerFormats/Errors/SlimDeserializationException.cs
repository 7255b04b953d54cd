namespace NFX.Slim;

/// <summary>
/// Thrown when bytes cannot be turned back into values: malformed or truncated input, a limit exceeded,
/// a type the policy does not allow, or a graph that does not fit the declared types.
/// </summary>
public class SlimDeserializationException : SlimException
{
    /// <summary>Creates an exception with a message.</summary>
    public SlimDeserializationException(string message) : base(message) { }

    /// <summary>Creates an exception with a message and the exception that caused it.</summary>
    public SlimDeserializationException(string message, Exception? innerException) : base(message, innerException) { }
}
