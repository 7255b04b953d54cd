namespace NFX.Slim;

/// <summary>
/// Thrown when input asks for more than a configured limit allows (a length, an element count, a message size,
/// a nesting depth). The limit is checked before anything is allocated for it.
/// </summary>
public sealed class SlimLimitExceededException : SlimDeserializationException
{
    /// <summary>Creates an exception naming the limit, the value asked for and the configured maximum.</summary>
    public SlimLimitExceededException(string limitName, long requested, long maximum, long offset)
        : base($"{limitName} limit exceeded at offset {offset}: the input asks for {requested}, the maximum is {maximum}. {Advice(limitName)}")
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

    // The fix, in the terms of the option the reader was given: a limit is a reader's choice, so it is raised where the
    // bytes are read, and only for input that is trusted.
    private static string Advice(string limitName)
    {
        int end = limitName.IndexOf(' ');
        string option = end < 0 ? limitName : limitName[..end];
        return option == "MaxLength"
            ? "If the input is trusted, raise SlimReader.MaxLength."
            : $"If the input is trusted, raise SlimOptions.Limits.{option} on the reading side " +
              $"(Limits = SlimLimits.Default with {{ {option} = ... }}) or use the SlimLimits.Trusted preset.";
    }
}
