namespace NFX.Slim;

/// <summary>
/// Thrown when a message was written with a different type registry than the reader has: other known types, another
/// format version, or (in Batch mode) a lost, repeated or reordered message. Reset both ends' batch registries.
/// </summary>
public sealed class SlimRegistryMismatchException : SlimDeserializationException
{
    /// <summary>Creates an exception with a message.</summary>
    public SlimRegistryMismatchException(string message) : base(message) { }
}
