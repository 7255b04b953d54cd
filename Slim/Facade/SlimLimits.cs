namespace NFX.Slim;

/// <summary>
/// Limits applied while reading untrusted bytes. Every count from the input is checked against these and against
/// the bytes left before anything is allocated for it. Use <c>with</c> to change one limit.
/// </summary>
public sealed record SlimLimits
{
    /// <summary>Defaults sized for messages between services: generous for real data, finite for hostile input.</summary>
    public static SlimLimits Default { get; } = new();

    /// <summary>Much larger limits for trusted, in-process or in-cluster use (deep clone, local caches).</summary>
    public static SlimLimits Trusted => TrustedLimits.Value;

    // Made at its first use, not with Default: its fourteen init accessors were JIT-compiled at a fresh process's first
    // call, which uses Default only.
    private static class TrustedLimits
    {
        public static readonly SlimLimits Value = new()
        {
            MaxMessageBytes = int.MaxValue,
            MaxObjects = 256 * 1024 * 1024,
            MaxCollectionLength = Array.MaxLength,
            MaxStringBytes = int.MaxValue,
            MaxArrayTotalElements = Array.MaxLength,
            MaxDepth = 1000,
            MaxHashCollisions = int.MaxValue,
            MaxLayoutMembers = 65536,
            MaxStructuralDepth = 2048,
            MaxDeclaredCapacityBytes = long.MaxValue,
            MaxCodegenNodes = int.MaxValue,
            MaxLayoutExtraMembers = 65536,
            MaxPlanCacheBytes = 256L * 1024 * 1024,
            MaxTypeNodes = 65536,
        };
    }

    /// <summary>The largest message, in bytes. Default 256 MiB.</summary>
    public int MaxMessageBytes { get; init; } = 256 * 1024 * 1024;

    /// <summary>The most objects (reference-typed instances, including strings) one message may announce. Default 16 million.</summary>
    public int MaxObjects { get; init; } = 16 * 1024 * 1024;

    /// <summary>The most elements of one array or collection. Default 64 million.</summary>
    public int MaxCollectionLength { get; init; } = 64 * 1024 * 1024;

    /// <summary>The most UTF-8 bytes of one string. Default 64 MiB.</summary>
    public int MaxStringBytes { get; init; } = 64 * 1024 * 1024;

    /// <summary>The most elements of one multi-dimensional array (the product of its lengths). Default 64 million.</summary>
    public long MaxArrayTotalElements { get; init; } = 64 * 1024 * 1024;

    /// <summary>
    /// The deepest nesting of parts read recursively: values read inline before their object exists (boxed structs
    /// holding references, immutable collections, user serializers) and type entries (generic arguments, array
    /// elements). Default 64.
    /// </summary>
    public int MaxDepth { get; init; } = 64;

    /// <summary>
    /// The most keys of one hashed collection (Dictionary, HashSet, ConcurrentDictionary, the immutable hashed
    /// collections, Exception.Data) that may fall into one hash bucket chain, the length every insert walks: the
    /// defence against hash flooding (crafted colliding keys turning a rebuild quadratic). Collections with at most this
    /// many keys are never checked. Default 100 (the collision count at which .NET itself re-hashes string keys);
    /// raise it only for key types whose GetHashCode is known to be poor.
    /// </summary>
    public int MaxHashCollisions { get; init; } = 100;

    /// <summary>
    /// The most members one type's layout may list in a version-tolerant message (docs/FORMAT.md, "Layouts"). Each
    /// distinct layout compiles a reading plan once, so this bounds the work a forged member list can cause. Default 4096.
    /// </summary>
    public int MaxLayoutMembers { get; init; } = 4096;

    /// <summary>
    /// The longest chain of values whose equality, hashing, comparison or ToString follow one another (boxed structs,
    /// tuples, records, anonymous objects, an exception's inner exceptions: docs/SECURITY.md, "Cycles through values").
    /// Such code recurses once per link, so a longer chain could overflow the stack of whoever first hashes or prints it;
    /// a cycle of them is refused at any length. Default 512.
    /// </summary>
    public int MaxStructuralDepth { get; init; } = 512;

    /// <summary>
    /// The most memory, in bytes, that the stored capacities of one message may ask for beyond 32 bytes per byte of
    /// the message: members of <c>ISerializable</c> BCL types from which their constructors allocate before any
    /// element exists (<c>StringBuilder</c> "Capacity", <c>Hashtable</c> and <c>Dictionary</c> "HashSize",
    /// <c>HashSet</c> "Capacity", also in types derived from them), summed over the message. Default 1 MiB: a
    /// presized builder or table of that much, or as much as the message's own size justifies, reads; one that
    /// declares more is refused before its constructor runs.
    /// </summary>
    public long MaxDeclaredCapacityBytes { get; init; } = 1024 * 1024;

    /// <summary>
    /// The most code-generation work one message may cause, in nodes: every codec, struct functor and reading plan
    /// built for a type this serializer had not met (16 each, plus one per value, field and member expression), and every
    /// part of a layout text described for it (docs/SECURITY.md, "Limits"). Codecs are cached, so a message of known
    /// types costs nothing; the first message of a large model costs a few thousand. Default 100,000 (about a second of
    /// compilation at worst on a slow machine).
    /// </summary>
    public int MaxCodegenNodes { get; init; } = 100_000;

    /// <summary>
    /// How many more members a version-tolerant layout of a class may list than this reader's version of the class has
    /// (docs/FORMAT.md, "Layouts"): a writer's version adds a few members, not thousands, and every member listed costs a
    /// step of a compiled reading plan. Checked when the count is read, before the list is decoded. Default 64.
    /// </summary>
    public int MaxLayoutExtraMembers { get; init; } = 64;

    /// <summary>
    /// The most memory, in bytes, the reading plans one serializer keeps for other layouts of its classes are counted to
    /// retain (2 KiB per plan plus 256 bytes and the name per member); past it the least recently used plans are dropped
    /// and compiled again when met again. Set when the serializer is created. Default 8 MiB.
    /// </summary>
    public long MaxPlanCacheBytes { get; init; } = 8L * 1024 * 1024;

    /// <summary>
    /// The largest type a message may build from its type entries, counted as the runtime spells a type out (in names
    /// and in the signatures of generated code): one node per type, generic definition, argument and element type, an
    /// argument counted at every place it appears. Entries refer to each other by handle, so 28 entries
    /// <c>Dk = Dictionary&lt;Dk-1, Dk-1&gt;</c> make a type of 2^29 nodes, whose name alone would not fit in memory.
    /// Checked when a generic or array entry is read, before the type is made. Default 256 (real types have a few dozen).
    /// </summary>
    public int MaxTypeNodes { get; init; } = 256;
}
