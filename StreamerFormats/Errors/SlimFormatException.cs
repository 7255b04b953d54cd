namespace NFX.Slim;

/// <summary>
/// Thrown by the wire reader when the bytes do not hold a valid encoding: truncated input, an overlong or
/// out-of-range variable-length integer, a bool byte other than 0 or 1, invalid UTF-8, an impossible date,
/// a negative or oversized length. <see cref="Offset"/> is the input offset at which the value started.
/// </summary>
public sealed class SlimFormatException : SlimDeserializationException
{
    /// <summary>Creates an exception for the value that starts at <paramref name="offset"/>.</summary>
    public SlimFormatException(string message, long offset) : base(message) => Offset = offset;

    /// <summary>The offset, in bytes from the start of the input, of the value that could not be read.</summary>
    public long Offset { get; }
}
