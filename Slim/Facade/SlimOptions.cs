using NFX.IO;

namespace NFX.Slim;

/// <summary>
/// Everything that shapes a <see cref="SlimSerializer"/>: registry mode, known types, type policy, limits,
/// native formats and user serializers. Immutable: change a copy with <c>with</c>.
/// </summary>
/// <remarks>
/// Writer and reader must agree on <see cref="KnownTypes"/> (same types, same order): they get fixed handles and
/// a checksum of them travels in every message, so a mismatch fails fast with a clear error.
/// </remarks>
public sealed record SlimOptions
{
    /// <summary>The defaults: PerCall registry, the safe default type policy, default limits.</summary>
    public static SlimOptions Default { get; } = new();

    /// <summary>Whether the type registry is fresh per message or persists across messages of one connection.</summary>
    public TypeRegistryMode RegistryMode { get; init; } = TypeRegistryMode.PerCall;

    /// <summary>
    /// Types given fixed registry handles on both ends (after the built-in ones), so their names never cross the
    /// wire. Known types are also allowed by the type policy.
    /// </summary>
    public IReadOnlyList<Type> KnownTypes { get; init; } = [];

    /// <summary>Which types the bytes may name. Default: <see cref="SlimTypePolicy.Default"/> (safe on untrusted input).</summary>
    public SlimTypePolicy TypePolicy { get; init; } = SlimTypePolicy.Default;

    /// <summary>Limits for reading. Default: <see cref="SlimLimits.Default"/>.</summary>
    public SlimLimits Limits { get; init; } = SlimLimits.Default;

    /// <summary>
    /// The cultures a payload may name (the culture of a culture-aware string comparer's <c>CompareInfo</c>), matched
    /// case-insensitively. Null (the default): the cultures the runtime knows,
    /// <c>CultureInfo.GetCultures(CultureTypes.AllCultures)</c>, computed once per process. Any other name is refused
    /// with <see cref="SlimCultureNotAllowedException"/> before the runtime sees it: the runtime caches every culture it
    /// creates for the life of the process, so names from the bytes must come from a bounded set.
    /// </summary>
    public IReadOnlyCollection<string>? AllowedCultures { get; init; }

    /// <summary>
    /// The native-type format: which types are written directly by the wire layer. Add your own value types with
    /// <see cref="StreamerFormat.With{T, TCodec}"/>; writer and reader must use the same format.
    /// </summary>
    public StreamerFormat Format { get; init; } = StreamerFormat.Default;

    /// <summary>User-written serializers for specific types, used instead of the generated ones.</summary>
    public IReadOnlyList<ISlimTypeSerializer> Serializers { get; init; } = [];

    /// <summary>
    /// How this serializer's messages describe type layouts. Default <see cref="SlimVersioning.Strict"/>: a reader
    /// built from another version of a type throws <see cref="SlimLayoutMismatchException"/> instead of misreading.
    /// <see cref="SlimVersioning.Tolerant"/> lets readers of other versions map members by name. Readers read both.
    /// </summary>
    public SlimVersioning Versioning { get; init; } = SlimVersioning.Strict;

    /// <summary>
    /// When true, this serializer reads only messages whose writers used <see cref="SlimVersioning.Strict"/>: a type
    /// entry that lists members by name (written with <see cref="SlimVersioning.Tolerant"/>) is refused with
    /// <see cref="SlimLayoutMismatchException"/> naming the type, so a type of another version always fails instead of
    /// being mapped member by member. Set it where every writer is known to be strict and a silently mapped type would be
    /// a bug (Glue sets it on an end configured Strict). Default false: both forms are read.
    /// </summary>
    public bool RequireStrictLayouts { get; init; }

    /// <summary>
    /// Old names of renamed or moved types, so bytes written under the old name still resolve (the type policy still
    /// decides whether the type is admitted). Types can also declare their own with <see cref="SlimFormerNameAttribute"/>.
    /// </summary>
    public IReadOnlyList<SlimFormerName> FormerNames { get; init; } = [];

    /// <summary>
    /// The message format version this serializer writes: <see cref="SlimFormatVersion.Version2"/> (the default: bodies
    /// follow their objects depth-first, docs/FORMAT.md "Bodies"), or <see cref="SlimFormatVersion.Version1"/>, the
    /// version earlier releases read and write. Readers read both. Set Version1 while a rolling upgrade still has readers
    /// of an earlier release, then remove it.
    /// </summary>
    public SlimFormatVersion WriteFormatVersion { get; init; } = SlimFormatVersion.Version2;

    /// <summary>
    /// Whether classes use the codecs the NFX.Slim source generator wrote at build time, where it wrote one (the default):
    /// the same bytes as the codecs compiled at run time, with nothing compiled on first use. False compiles every codec
    /// at run time, as a program without the generator does; where dynamic code is not supported (NativeAOT) and in a
    /// trimmed app (the NFX.Slim package turns runtime codecs off for PublishTrimmed and PublishAot), only generated codecs
    /// can run.
    /// </summary>
    public bool UseGeneratedCodecs { get; init; } = true;

    /// <summary>
    /// Classes, beyond those Slim recognizes (structs, <c>System.Tuple</c>, records, anonymous types, exceptions), whose
    /// equality, hashing, comparison or <c>ToString</c> follow the objects their fields hold: typically the types of a
    /// library the policy admits by a broad rule (a namespace, an assembly) whose overrides recurse. The reader refuses a
    /// cycle through their fields, or a chain longer than <see cref="SlimLimits.MaxStructuralDepth"/>, before any code of
    /// the program runs (docs/SECURITY.md, "Cycles through values"), as it does for records. Asked once per type a
    /// serializer meets; null (the default): none.
    /// </summary>
    public Func<Type, bool>? StructuralTypes { get; init; }

    /// <summary>
    /// True to build no codec at run time even where the process could, as a NativeAOT app does: generated codecs and
    /// the instantiations they registered only, every other class refused. Lets the JIT tests run the native app's paths.
    /// </summary>
    internal bool GeneratedCodecsOnly { get; init; }
}
