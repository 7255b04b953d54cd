namespace NFX.Slim;

/// <summary>Reads object references written by <see cref="ISlimReferenceWriter.WriteReference"/>.</summary>
public interface ISlimReferenceReader
{
    /// <summary>
    /// Reads a reference; the object may not be fully populated yet (its body may be read later, from the queue), so keep it
    /// rather than reading its members here.
    /// </summary>
    object? ReadReference(Type declaredType);
}
