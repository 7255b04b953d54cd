namespace NFX.Slim;

/// <summary>
/// An old name of a type that was renamed or moved: a message naming <see cref="FullName"/> (in the assembly
/// <see cref="AssemblyName"/>, or in any assembly when it is null) reads as <see cref="Type"/>.
/// </summary>
/// <param name="FullName">The old full name (<c>Namespace.Outer+Inner</c>, or a generic definition with its arity).</param>
/// <param name="Type">The type it is now.</param>
/// <param name="AssemblyName">The old assembly's simple name, or null for any.</param>
public sealed record SlimFormerName(string FullName, Type Type, string? AssemblyName = null);
