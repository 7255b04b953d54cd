namespace NFX.Slim.Orleans;

/// <summary>
/// Thrown by <see cref="SlimGrainStorageSerializer"/> when a stored grain state cannot be read: damaged bytes (the
/// checksum does not match), bytes of another format, or a Slim refusal (the inner exception). Names the grain when read
/// on its turn.
/// </summary>
public sealed class SlimGrainStateException : SlimDeserializationException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="grainId">The grain whose state this is, if known.</param>
    /// <param name="stateType">The state type being read.</param>
    /// <param name="reason">Why the state cannot be read.</param>
    /// <param name="innerException">Slim's exception, if the content was intact but refused.</param>
    public SlimGrainStateException(string? grainId, Type stateType, string reason, Exception? innerException)
        : base($"The stored state of grain '{grainId ?? "(unknown: read outside a grain)"}' ({stateType}) cannot be read: {reason}.", innerException)
    {
        GrainId = grainId;
        StateTypeName = stateType?.ToString() ?? string.Empty;
    }

    /// <summary>The grain whose state this is, if known.</summary>
    public string? GrainId { get; }

    /// <summary>The state type that was being read.</summary>
    public string StateTypeName { get; }
}
