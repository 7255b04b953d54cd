namespace NFX.Slim.Caching;

/// <summary>The outcome of a cache lookup: whether a valid value was found, and the value.</summary>
/// <typeparam name="T">The cached type.</typeparam>
/// <param name="Found">True when the key held a valid value (which may itself be null).</param>
/// <param name="Value">The value when <paramref name="Found"/>; otherwise default.</param>
public readonly record struct SlimCacheResult<T>(bool Found, T? Value);
