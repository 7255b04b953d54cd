namespace NFX.Slim;

/// <summary>
/// Declares an old name of a renamed or moved type, so messages and cache values written under that name still read
/// as this type. The type policy still decides whether the type is admitted. Repeat it for several old names.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = true, Inherited = false)]
public sealed class SlimFormerNameAttribute : Attribute
{
    /// <summary>Declares <paramref name="fullName"/> (<c>Namespace.Outer+Inner</c>) as an old name of the type.</summary>
    public SlimFormerNameAttribute(string fullName) => FullName = fullName;

    /// <summary>The old full name.</summary>
    public string FullName { get; }

    /// <summary>The old assembly's simple name, when the type also moved between assemblies; null for any.</summary>
    public string? AssemblyName { get; init; }
}
