namespace NFX.Slim;

/// <summary>
/// Thrown when the bytes name a type that does not exist among the assemblies loaded in this process. Slim never loads
/// an assembly because a payload names it: load it yourself (reference it) if it should be readable.
/// </summary>
public sealed class SlimUnknownTypeException : SlimDeserializationException
{
    /// <summary>Creates an exception for <paramref name="typeName"/> in <paramref name="assemblyName"/>.</summary>
    public SlimUnknownTypeException(string typeName, string assemblyName, long offset)
        : base($"Type '{typeName}' of assembly '{assemblyName}' (at offset {offset}) is not loaded in this process; Slim never loads assemblies named by a payload.")
    {
        TypeName = typeName;
        AssemblyName = assemblyName;
    }

    /// <summary>The type's full name as it appeared in the input.</summary>
    public string TypeName { get; }

    /// <summary>The assembly simple name as it appeared in the input.</summary>
    public string AssemblyName { get; }
}
