namespace NFX.Slim.Caching;

/// <summary>
/// Thrown when bytes read from a cache are not a valid value of the requested type: not a Slim cache value, a
/// stale layout, a checksum mismatch (corrupt or truncated), a type outside the policy, or a message Slim refuses. The typed
/// <see cref="Microsoft.Extensions.Caching.Distributed.IDistributedCache"/> helpers treat it as a miss unless
/// <see cref="SlimCacheOptions.ThrowOnInvalidValue"/> is set.
/// </summary>
public sealed class SlimCacheValueException : SlimDeserializationException
{
    /// <summary>Creates an exception for <paramref name="problem"/> found in a value of <paramref name="valueType"/>.</summary>
    public SlimCacheValueException(SlimCacheValueProblem problem, Type valueType, string message, Exception? innerException = null)
        : base(message, innerException)
    {
        Problem = problem;
        ValueType = valueType;
    }

    /// <summary>What is wrong with the value.</summary>
    public SlimCacheValueProblem Problem { get; }

    /// <summary>The type the caller asked for.</summary>
    public Type ValueType { get; }

    /// <summary>The codec that refused the value: its options and logger decide what the HybridCache extensions do next.</summary>
    internal SlimCacheCodec? Codec { get; init; }
}
