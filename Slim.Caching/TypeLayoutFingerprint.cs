using NFX.Slim.TypeSystem;

namespace NFX.Slim.Caching;

/// <summary>
/// A stable 64-bit fingerprint of a type's serialized layout: the canonical deep layout text of
/// <see cref="Describe(Type)"/> hashed with SHA-256, first 8 bytes read little-endian. Equal on every process and
/// machine for the same type definitions; a cache value written under another fingerprint is stale.
/// The exact rules are in docs/FORMAT.md, "Cache values".
/// </summary>
/// <remarks>
/// Covers the declared type graph: the type, its fields in Slim's wire order (base type first, then each type's
/// own fields by ordinal name, <see cref="NonSerializedAttribute"/> fields left out), their declared types,
/// element types and generic arguments, recursively. Framework types (core library, <c>System.*</c>,
/// <c>Microsoft.*</c>) count by name only, also as base types of user types: Slim writes most of them with dedicated
/// codecs, and their private fields are the runtime's business. Subtypes stored in a field declared as a base class,
/// interface or <see cref="object"/> are not covered (the declared type is). The text is the one Slim's own layout
/// fingerprints start from (its deep form), so the cache and the message format share one definition.
/// </remarks>
public static class TypeLayoutFingerprint
{
    /// <summary>Computes the fingerprint of <paramref name="type"/> (not cached: callers cache per type).</summary>
    public static ulong Compute(Type type) => TypeLayout.Hash64(Describe(type));

    /// <summary>The canonical layout text the fingerprint hashes (useful to see why two fingerprints differ).</summary>
    public static string Describe(Type type) => TypeLayout.Describe(type, deep: true);
}
