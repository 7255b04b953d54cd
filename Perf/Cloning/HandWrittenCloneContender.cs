namespace NFX.Perf.Cloning;

/// <summary>Hand-written copy code for each model (<see cref="HandCloner"/>): what a careful developer would write.</summary>
public sealed class HandWrittenCloneContender : CloneContender
{
    /// <inheritdoc/>
    public override string Name => "hand-written clone";

    /// <inheritdoc/>
    public override object? Clone(object root) => HandCloner.Clone(root);
}
