using System.Buffers;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using NFX.Perf.Cache.Attributed;
using NFX.Slim.Caching;

namespace NFX.Perf.Cache;

/// <summary>
/// One serializer with one cached value, as closures over the value's own type (the attributed contenders cache
/// attributed copies): serialize, deserialize, register with HybridCache, and GetOrCreate through it.
/// </summary>
public sealed class CacheContender
{
    /// <summary>The contenders in table order; Slim first (the ratios' reference).</summary>
    public static readonly string[] Names = ["Slim", "System.Text.Json", "MessagePack (contract)", "MessagePack Typeless", "MemoryPack"];

    private CacheContender(string name) => Name = name;

    /// <summary>The serializer's name.</summary>
    public string Name { get; }

    /// <summary>The serialized value's size (what the serializer hands to HybridCache).</summary>
    public int Bytes { get; private set; }

    /// <summary>True when the value read back serializes to the same bytes again (the verification before timing).</summary>
    public bool RoundTrips { get; private set; }

    /// <summary>Serializes the value into a reused buffer.</summary>
    public Action Serialize { get; private set; } = null!;

    /// <summary>Deserializes the stored bytes.</summary>
    public Action Deserialize { get; private set; } = null!;

    /// <summary>Registers this serializer for the value's type with a HybridCache being built.</summary>
    public Action<IHybridCacheBuilder> Register { get; private set; } = null!;

    /// <summary>HybridCache.GetOrCreateAsync of the value under a key (the factory returns the value), with the given entry options.</summary>
    public Func<HybridCache, string, HybridCacheEntryOptions, ValueTask> GetOrCreate { get; private set; } = null!;

    /// <summary>Each contender on the named value (<see cref="CacheValues.Keys"/>).</summary>
    public static IReadOnlyList<CacheContender> For(string value) => value switch
    {
        CacheValues.DtoKey => All(CacheValues.Dto(), AttributedCopies.Of),
        CacheValues.PerzonKey => All(CacheValues.Perzon(), AttributedCopies.Of),
        CacheValues.PerzonsKey => All(CacheValues.Perzons(), AttributedCopies.Of),
        _ => throw new ArgumentException($"Unknown cache value '{value}'; known: {string.Join(", ", CacheValues.Keys)}.", nameof(value)),
    };

    private static CacheContender[] All<T, TAttributed>(T value, Func<T, TAttributed> attributed) =>
    [
        Bind(Names[0], value, new SlimHybridCacheSerializer<T>(new SlimCacheCodec())),
        Bind(Names[1], value, new JsonCacheSerializer<T>(JsonCacheSerializer<T>.FieldOptions)),
        Bind(Names[2], attributed(value), new MessagePackCacheSerializer<TAttributed>()),
        Bind(Names[3], value, new TypelessCacheSerializer<T>()),
        Bind(Names[4], attributed(value), new MemoryPackCacheSerializer<TAttributed>()),
    ];

    private static CacheContender Bind<T>(string name, T value, IHybridCacheSerializer<T> serializer)
    {
        var buffer = new ArrayBufferWriter<byte>(64 * 1024);
        serializer.Serialize(value, buffer);
        byte[] stored = buffer.WrittenSpan.ToArray();
        var sequence = new ReadOnlySequence<byte>(stored);
        buffer.ResetWrittenCount();
        serializer.Serialize(serializer.Deserialize(sequence), buffer);
        Func<CancellationToken, ValueTask<T>> factory = _ => ValueTask.FromResult(value);
        return new CacheContender(name)
        {
            Bytes = stored.Length,
            RoundTrips = buffer.WrittenSpan.SequenceEqual(stored),
            Serialize = () =>
            {
                buffer.ResetWrittenCount();
                serializer.Serialize(value, buffer);
            },
            Deserialize = () => serializer.Deserialize(sequence),
            Register = builder => builder.AddSerializer(serializer),
            GetOrCreate = async (cache, key, options) => await cache.GetOrCreateAsync(key, factory, options).ConfigureAwait(false),
        };
    }
}
