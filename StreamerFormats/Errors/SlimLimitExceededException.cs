namespace NFX.Slim;

/// <summary>
/// Thrown when input asks for more than a configured limit allows (a length, an element count, a message size,
/// a nesting depth). The limit is checked before anything is allocated for it.
/// </summary>
public sealed class SlimLimitExceededException : SlimDeserializationException
{
    /// <summary>Creates an exception naming the limit, the value asked for and the configured maximum.</summary>
    public SlimLimitExceededException(string limitName, long requested, long maximum, long offset)
        : base($"{limitName} limit exceeded at offset {offset}: the input asks for {requested}, the maximum is {maximum}.")
    {
        LimitName = limitName;
        Requested = requested;
        Maximum = maximum;
        Offset = offset;
    }

    /// <summary>The name of the limit, as the option that sets it is named.</summary>
    public string LimitName { get; }

    /// <summary>The value the input asked for.</summary>
    public long Requested { get; }

    /// <summary>The configured maximum.</summary>
    public long Maximum { get; }

    /// <summary>The offset, in bytes from the start of the input, at which the request was read.</summary>
    public long Offset { get; }
}
