namespace NFX.Perf.Cloning;

/// <summary>Hand-written copy code for each model (<see cref="HandCloner"/>): what a careful developer would write.</summary>
public sealed class HandWrittenCloneContender : CloneContender
{
    /// <summary>The name the tables and the targets use.</summary>
    public const string ContenderName = "hand-written clone";

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override object? Clone(object root) => HandCloner.Clone(root);
}
