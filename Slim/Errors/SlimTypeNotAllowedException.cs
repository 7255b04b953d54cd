namespace NFX.Slim;

/// <summary>
/// Thrown when the bytes name a type that the <see cref="SlimTypePolicy"/> does not allow (or that is on the
/// deny-list). The message names the type and how to allow it. Nothing of that type was created.
/// </summary>
public sealed class SlimTypeNotAllowedException : SlimDeserializationException
{
    /// <summary>Creates an exception for the type named <paramref name="typeName"/>.</summary>
    public SlimTypeNotAllowedException(string typeName, string reason)
        : base($"Type '{typeName}' is not allowed: {reason}")
    {
        TypeName = typeName;
    }

    /// <summary>The type name as it appeared in the input.</summary>
    public string TypeName { get; }
}
