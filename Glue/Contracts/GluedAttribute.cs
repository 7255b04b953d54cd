namespace NFX.Glue;

/// <summary>
/// Marks a public interface as a Glue contract. Its methods return <see cref="Task"/>, <see cref="Task{TResult}"/>,
/// <see cref="ValueTask"/> or <see cref="ValueTask{TResult}"/>, or are <c>void</c> and marked <see cref="OneWayAttribute"/>;
/// each may end with a <see cref="CancellationToken"/> parameter. The contract is checked when first used.
/// </summary>
[AttributeUsage(AttributeTargets.Interface, Inherited = false)]
public sealed class GluedAttribute : Attribute
{
    /// <summary>
    /// The contract name on the wire; default: the interface's full name. Set it to keep a contract's identity when the
    /// interface moves to another namespace.
    /// </summary>
    public string? Name { get; init; }
}
