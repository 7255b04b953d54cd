namespace NFX.Slim.Caching;

/// <summary>
/// How <see cref="SlimCacheCodec"/> writes and reads cache values. Settable so that the Options pattern can configure
/// it (<c>AddSlimSerializer(o =&gt; ...)</c>, <c>services.Configure&lt;SlimCacheOptions&gt;(...)</c>); a codec copies it when
/// created, so changing an instance later changes no codec.
/// </summary>
public sealed record SlimCacheOptions
{
    /// <summary>
    /// The serializer options: the type policy (<see cref="SlimOptions.TypePolicy"/>), the known types
    /// (<see cref="SlimOptions.KnownTypes"/>: writer and reader must agree) and the limits. Must use
    /// <see cref="TypeRegistryMode.PerCall"/>: every cache value stands alone. Default: <see cref="SlimOptions.Default"/>.
    /// </summary>
    public SlimOptions Serializer { get; set; } = SlimOptions.Default;

    /// <summary>
    /// When false (the default) an invalid value (stale layout, corrupt, truncated, a type outside the policy) is
    /// logged as a warning and treated as a cache miss; when true it throws <see cref="SlimCacheValueException"/>.
    /// Either way <c>GetOrCreateSlimAsync</c> removes the bad entry from both cache levels and the typed
    /// <c>GetOrCreateSlimAsync</c> of <see cref="SlimDistributedCacheExtensions"/> overwrites it, so it does not fail again.
    /// </summary>
    public bool ThrowOnInvalidValue { get; set; }
}
