namespace NFX.Slim.Caching;

/// <summary>Why a cache value was refused (and treated as a miss, unless the options say throw).</summary>
public enum SlimCacheValueProblem
{
    /// <summary>Too short for the value header, or it does not start with the cache-value magic: not written by Slim.Caching.</summary>
    NotACacheValue,

    /// <summary>The header's format version is not one this reader knows.</summary>
    UnsupportedVersion,

    /// <summary>The value was written for another layout of the type (a deploy changed it): a stale entry.</summary>
    LayoutChanged,

    /// <summary>The bytes name a type the serializer's type policy does not allow.</summary>
    TypeNotAllowed,

    /// <summary>The Slim message after the header is corrupt or truncated, breaks a limit, or does not fit the type.</summary>
    Malformed,

    /// <summary>The content does not match the header's checksum: bits flipped, truncated or extended after it was written.</summary>
    Corrupt,
}
