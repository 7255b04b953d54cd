namespace NFX.Perf.Verification;

/// <summary>The outcome of <see cref="GraphComparer.Compare"/>.</summary>
/// <param name="Difference">The first difference as "path: what differs", or null when the graphs are isomorphic.</param>
/// <param name="ObjectCount">Reference-typed objects (strings excluded) visited in the expected graph.</param>
public sealed record GraphComparison(string? Difference, int ObjectCount)
{
    /// <summary>True when no difference was found.</summary>
    public bool AreEqual => Difference is null;
}
