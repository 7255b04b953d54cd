namespace NFX.Slim;

/// <summary>
/// How a writer describes the field layouts of the types in its messages, so a reader built from another version of
/// those types either refuses the message clearly or maps it (docs/FORMAT.md, "Layouts"). Every reader reads both.
/// </summary>
public enum SlimVersioning
{
    /// <summary>
    /// The default: each type entry carries a 4-byte fingerprint of the type's layout, and a reader whose layout
    /// differs throws <see cref="SlimLayoutMismatchException"/>. Never misreads, costs 4 bytes per type entry.
    /// </summary>
    Strict = 0,

    /// <summary>
    /// Each type entry carries the type's member list (names and wire types), once per message in PerCall mode and
    /// once per connection in Batch mode; bodies stay positional. A reader maps the writer's layout to its own by member
    /// name: members it lacks are read and dropped, members the writer lacks keep their defaults, lossless widenings
    /// are converted.
    /// </summary>
    Tolerant = 1,
}
