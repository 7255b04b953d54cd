namespace NFX.Perf.Cloning;

/// <summary>One way to deep-copy a graph (the deep-clone tables).</summary>
public abstract class CloneContender
{
    /// <summary>Name shown in the table.</summary>
    public abstract string Name { get; }

    /// <summary>Returns a deep copy of <paramref name="root"/> with the same sharing structure.</summary>
    public abstract object? Clone(object root);

    /// <inheritdoc/>
    public override string ToString() => Name;
}
