namespace NFX.Slim.TypeSystem;

/// <summary>
/// The kinds of type entry that can follow a "new type" handle on the wire (see docs/FORMAT.md, "Type handles").
/// Composite entries name their parts by handle, so every part is registered (and crosses the wire) once.
/// </summary>
internal enum WireTypeEntry : byte
{
    /// <summary>A non-generic type or a generic type definition: its full name, then its assembly's simple name.</summary>
    Named = 0,

    /// <summary>A constructed generic type: the handle of its definition, the argument count, the argument handles.</summary>
    Generic = 1,

    /// <summary>An array: a rank byte (0 = single-dimensional zero-based vector, else the rank), then the element handle.</summary>
    Array = 2,
}
