namespace NFX.Slim.Caching;

/// <summary>How <see cref="SlimCacheCodec"/> writes and reads cache values. Immutable: change a copy with <c>with</c>.</summary>
public sealed record SlimCacheOptions
{
    /// <summary>The defaults: Slim's default options (safe type policy), invalid values are misses.</summary>
    public static SlimCacheOptions Default { get; } = new();

    /// <summary>
    /// The serializer options. Must use <see cref="TypeRegistryMode.PerCall"/>: every cache value stands alone.
    /// Writer and reader must agree on <see cref="SlimOptions.KnownTypes"/>. Default: <see cref="SlimOptions.Default"/>.
    /// </summary>
    /// <remarks>
    /// With <see cref="SlimOptions.Versioning"/> = <see cref="SlimVersioning.Tolerant"/> a value survives a deploy that
    /// adds, removes or widens fields (a hit, members it lacks get their defaults) at the price of its member lists in
    /// every value; the default (strict) makes such a value a miss, which is always safe and keeps values smallest.
    /// </remarks>
    public SlimOptions Serializer { get; init; } = SlimOptions.Default;

    /// <summary>
    /// When false (the default) an invalid value (stale layout, corrupt, truncated, a type outside the policy) is
    /// logged as a warning and treated as a cache miss; when true it throws <see cref="SlimCacheValueException"/>.
    /// </summary>
    public bool ThrowOnInvalidValue { get; init; }
}
