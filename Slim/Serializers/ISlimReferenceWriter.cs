namespace NFX.Slim;

/// <summary>Writes object references that share identity with the rest of the graph.</summary>
public interface ISlimReferenceWriter
{
    /// <summary>Writes a reference to <paramref name="value"/> (any type, null allowed).</summary>
    void WriteReference(object? value);
}
