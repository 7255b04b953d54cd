namespace NFX.Slim;

/// <summary>
/// Thrown when a value cannot be written: an unsupported type (delegate, pointer, ref struct, a type marked as
/// not serializable by Slim), or a value that breaks a limit. The message names the path to the offending member.
/// </summary>
public class SlimSerializationException : SlimException
{
    /// <summary>Creates an exception with a message.</summary>
    public SlimSerializationException(string message) : base(message) { }

    /// <summary>Creates an exception with a message and the exception that caused it.</summary>
    public SlimSerializationException(string message, Exception? innerException) : base(message, innerException) { }
}
