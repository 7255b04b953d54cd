namespace NFX.Slim;

/// <summary>
/// The root of every exception thrown by StreamerFormats, Slim and the layers built on them.
/// Catching <see cref="SlimException"/> catches everything the serializer family throws on bad input or
/// unsupported graphs; nothing else escapes by design.
/// </summary>
/// <remarks>
/// Defined in the lowest layer (the wire primitives) so that the reader can throw a subtype of it.
/// </remarks>
public class SlimException : Exception
{
    /// <summary>Creates an exception with a message.</summary>
    public SlimException(string message) : base(message) { }

    /// <summary>Creates an exception with a message and the exception that caused it.</summary>
    public SlimException(string message, Exception? innerException) : base(message, innerException) { }
}
