using System.Collections.Immutable;
using System.Reflection;

namespace NFX.Slim;

/// <summary>
/// Decides which types the bytes may name when reading. Immutable and thread-safe: every <c>Allow...</c> method
/// returns a new policy. The deny-list (gadget types: see docs/SECURITY.md) applies to every policy, even
/// <see cref="AllowAll"/>.
/// </summary>
public sealed partial class SlimTypePolicy
{
    // The sets are held as null while empty, and the namespaces as a plain array: the default policies are built in the
    // first SlimSerializer's constructor, and empty immutable collections there loaded System.Collections.Immutable and
    // instantiated ImmutableHashSet<Type>, ImmutableHashSet<Assembly> and ImmutableArray<string> (~1.7 ms of a fresh
    // process's first call) for sets that are almost always empty. The public properties build them when asked.
    private readonly ImmutableHashSet<Type>? _types;
    private readonly ImmutableHashSet<Assembly>? _assemblies;
    private readonly string[] _namespaces;

    private SlimTypePolicy(bool allowAll, ImmutableHashSet<Type>? types, ImmutableHashSet<Assembly>? assemblies,
        string[] namespaces, bool allowReflectionTypes)
    {
        IsAllowAll = allowAll;
        // Assigned as given (null for the defaults): a test of the sets here would load the immutable collections.
        _types = types;
        _assemblies = assemblies;
        _namespaces = namespaces;
        AllowsReflectionTypes = allowReflectionTypes;
    }

    /// <summary>
    /// The safe default: primitives, the built-in safe BCL value and collection types (with allowed type arguments),
    /// the known and registered types, and for <c>Deserialize&lt;T&gt;</c> the types reachable from T.
    /// </summary>
    public static SlimTypePolicy Default { get; } = new(false, null, null, [], false);

    /// <summary>
    /// Every type that resolves among the loaded assemblies, except the deny-list. UNSAFE on untrusted input:
    /// use it only between trusted nodes of one cluster (this was the ancestor's behaviour).
    /// </summary>
    public static SlimTypePolicy AllowAll { get; } = new(true, null, null, [], false);

    /// <summary>True for <see cref="AllowAll"/> and policies derived from it.</summary>
    public bool IsAllowAll { get; }

    /// <summary>Types allowed one by one.</summary>
    public ImmutableHashSet<Type> AllowedTypes => _types ?? ImmutableHashSet<Type>.Empty;

    /// <summary>Assemblies whose every type is allowed.</summary>
    public ImmutableHashSet<Assembly> AllowedAssemblies => _assemblies ?? ImmutableHashSet<Assembly>.Empty;

    /// <summary>Namespaces (and their sub-namespaces) whose every type is allowed.</summary>
    public ImmutableArray<string> AllowedNamespaces => System.Runtime.InteropServices.ImmutableCollectionsMarshal.AsImmutableArray(_namespaces);

    /// <summary>Whether <see cref="Type"/> values may be read (they are refused by default).</summary>
    public bool AllowsReflectionTypes { get; }

    /// <summary>Allows the given types.</summary>
    public SlimTypePolicy AllowTypes(params Type[] types) =>
        new(IsAllowAll, AllowedTypes.Union(types), _assemblies, _namespaces, AllowsReflectionTypes);

    /// <summary>Allows every type of <paramref name="assembly"/>.</summary>
    public SlimTypePolicy AllowAssembly(Assembly assembly) =>
        new(IsAllowAll, _types, AllowedAssemblies.Add(assembly), _namespaces, AllowsReflectionTypes);

    /// <summary>Allows every type in namespace <paramref name="ns"/> and its sub-namespaces.</summary>
    public SlimTypePolicy AllowNamespace(string ns) =>
        new(IsAllowAll, _types, _assemblies, [.. _namespaces, ns], AllowsReflectionTypes);

    /// <summary>
    /// Allows <paramref name="roots"/> and every type reachable from their fields (field types, element types,
    /// generic arguments), transitively.
    /// </summary>
    public SlimTypePolicy AllowTypesReachableFrom(params Type[] roots) => AllowTypes(TypeReach.Collect(roots).ToArray());

    /// <summary>Allows <see cref="Type"/> values in the input (reflection objects are refused by default).</summary>
    public SlimTypePolicy AllowReflectionTypeValues() =>
        new(IsAllowAll, _types, _assemblies, _namespaces, true);

    /// <summary>Whether <paramref name="type"/> was allowed one by one (without building the empty set).</summary>
    internal bool ListsType(Type type) => _types is not null && _types.Contains(type);

    /// <summary>Whether every type of <paramref name="assembly"/> was allowed (without building the empty set).</summary>
    internal bool ListsAssembly(Assembly assembly) => _assemblies is not null && _assemblies.Contains(assembly);

    /// <summary>The allowed namespaces, in the order they were added.</summary>
    internal ReadOnlySpan<string> Namespaces => _namespaces;
}
