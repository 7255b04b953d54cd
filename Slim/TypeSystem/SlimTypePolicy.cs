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
    private SlimTypePolicy(bool allowAll, ImmutableHashSet<Type> types, ImmutableHashSet<Assembly> assemblies,
        ImmutableArray<string> namespaces, bool allowReflectionTypes)
    {
        IsAllowAll = allowAll;
        AllowedTypes = types;
        AllowedAssemblies = assemblies;
        AllowedNamespaces = namespaces;
        AllowsReflectionTypes = allowReflectionTypes;
    }

    /// <summary>
    /// The safe default: primitives, the built-in safe BCL value and collection types (with allowed type arguments),
    /// the known and registered types, and for <c>Deserialize&lt;T&gt;</c> the types reachable from T.
    /// </summary>
    public static SlimTypePolicy Default { get; } = new(false, [], [], [], false);

    /// <summary>
    /// Every type that resolves among the loaded assemblies, except the deny-list. UNSAFE on untrusted input:
    /// use it only between trusted nodes of one cluster (this was the ancestor's behaviour).
    /// </summary>
    public static SlimTypePolicy AllowAll { get; } = new(true, [], [], [], false);

    /// <summary>True for <see cref="AllowAll"/> and policies derived from it.</summary>
    public bool IsAllowAll { get; }

    /// <summary>Types allowed one by one.</summary>
    public ImmutableHashSet<Type> AllowedTypes { get; }

    /// <summary>Assemblies whose every type is allowed.</summary>
    public ImmutableHashSet<Assembly> AllowedAssemblies { get; }

    /// <summary>Namespaces (and their sub-namespaces) whose every type is allowed.</summary>
    public ImmutableArray<string> AllowedNamespaces { get; }

    /// <summary>Whether <see cref="Type"/> values may be read (they are refused by default).</summary>
    public bool AllowsReflectionTypes { get; }

    /// <summary>Allows the given types.</summary>
    public SlimTypePolicy AllowTypes(params Type[] types) =>
        new(IsAllowAll, AllowedTypes.Union(types), AllowedAssemblies, AllowedNamespaces, AllowsReflectionTypes);

    /// <summary>Allows every type of <paramref name="assembly"/>.</summary>
    public SlimTypePolicy AllowAssembly(Assembly assembly) =>
        new(IsAllowAll, AllowedTypes, AllowedAssemblies.Add(assembly), AllowedNamespaces, AllowsReflectionTypes);

    /// <summary>Allows every type in namespace <paramref name="ns"/> and its sub-namespaces.</summary>
    public SlimTypePolicy AllowNamespace(string ns) =>
        new(IsAllowAll, AllowedTypes, AllowedAssemblies, AllowedNamespaces.Add(ns), AllowsReflectionTypes);

    /// <summary>
    /// Allows <paramref name="roots"/> and every type reachable from their fields (field types, element types,
    /// generic arguments), transitively.
    /// </summary>
    public SlimTypePolicy AllowTypesReachableFrom(params Type[] roots) => AllowTypes(TypeReach.Collect(roots).ToArray());

    /// <summary>Allows <see cref="Type"/> values in the input (reflection objects are refused by default).</summary>
    public SlimTypePolicy AllowReflectionTypeValues() =>
        new(IsAllowAll, AllowedTypes, AllowedAssemblies, AllowedNamespaces, true);
}
