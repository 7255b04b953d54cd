using System.Buffers;
using System.Globalization;
using Microsoft.Extensions.Caching.Distributed;
using StackExchange.Redis;

namespace NFX.Slim.Caching.Redis;

/// <summary>
/// An <see cref="IDistributedCache"/> (and <see cref="IBufferDistributedCache"/>) over Redis with StackExchange.Redis,
/// with the absolute and sliding expiration semantics of <see cref="DistributedCacheEntryOptions"/>.
/// Thread-safe; create one per application and share it.
/// </summary>
/// <remarks>
/// Each entry is a Redis hash (<c>data</c>, <c>absexp</c>, <c>sldexp</c>) whose key TTL is the time it may still
/// live: the absolute expiry, or for a sliding entry min(sliding window, time to the absolute expiry), renewed by
/// every read and <see cref="Refresh"/>. Reads and writes are Lua scripts, so each is atomic and one round trip.
/// StackExchange.Redis 1.x has no cancellation: a cancelled call stops waiting, the command itself still runs.
/// </remarks>
public sealed class RedisDistributedCache : IBufferDistributedCache, IDisposable
{
    private const long NoExpiry = -1;
    private readonly IConnectionMultiplexer _connection;
    private readonly bool _ownsConnection;
    private readonly RedisDistributedCacheOptions _options;
    private readonly RedisKey _prefix;

    /// <summary>Connects to <see cref="RedisDistributedCacheOptions.Configuration"/>; the connection is closed on <see cref="Dispose"/>.</summary>
    /// <exception cref="RedisConnectionException">Redis could not be reached.</exception>
    public RedisDistributedCache(RedisDistributedCacheOptions options)
        : this(ConnectionMultiplexer.Connect(ValidOptions(options).Configuration), options, ownsConnection: true) { }

    /// <summary>Uses an existing connection (which the caller keeps and disposes).</summary>
    public RedisDistributedCache(IConnectionMultiplexer connection, RedisDistributedCacheOptions options)
        : this(connection, ValidOptions(options), ownsConnection: false) { }

    private RedisDistributedCache(IConnectionMultiplexer connection, RedisDistributedCacheOptions options, bool ownsConnection)
    {
        ArgumentNullException.ThrowIfNull(connection);
        _connection = connection;
        _ownsConnection = ownsConnection;
        _options = options;
        _prefix = options.InstanceName;
    }

    /// <inheritdoc/>
    public byte[]? Get(string key) => (byte[]?)Database.ScriptEvaluate(RedisEntryScripts.GetAndRefresh, Keys(key), ReadArgs(fetch: true));

    /// <inheritdoc/>
    public async Task<byte[]?> GetAsync(string key, CancellationToken token = default)
    {
        token.ThrowIfCancellationRequested();
        RedisResult result = await Database.ScriptEvaluateAsync(RedisEntryScripts.GetAndRefresh, Keys(key), ReadArgs(fetch: true))
            .WaitAsync(token).ConfigureAwait(false);
        return (byte[]?)result;
    }

    /// <inheritdoc/>
    public bool TryGet(string key, IBufferWriter<byte> destination)
    {
        ArgumentNullException.ThrowIfNull(destination);
        return CopyTo(Get(key), destination);
    }

    /// <inheritdoc/>
    public async ValueTask<bool> TryGetAsync(string key, IBufferWriter<byte> destination, CancellationToken token = default)
    {
        ArgumentNullException.ThrowIfNull(destination);
        return CopyTo(await GetAsync(key, token).ConfigureAwait(false), destination);
    }

    /// <inheritdoc/>
    public void Set(string key, byte[] value, DistributedCacheEntryOptions options)
    {
        ArgumentNullException.ThrowIfNull(value);
        Database.ScriptEvaluate(RedisEntryScripts.Set, Keys(key), WriteArgs(value, options));
    }

    /// <inheritdoc/>
    public Task SetAsync(string key, byte[] value, DistributedCacheEntryOptions options, CancellationToken token = default)
    {
        ArgumentNullException.ThrowIfNull(value);
        token.ThrowIfCancellationRequested();
        return Database.ScriptEvaluateAsync(RedisEntryScripts.Set, Keys(key), WriteArgs(value, options)).WaitAsync(token);
    }

    /// <inheritdoc/>
    public void Set(string key, ReadOnlySequence<byte> value, DistributedCacheEntryOptions options) => Set(key, value.ToArray(), options);

    /// <inheritdoc/>
    public ValueTask SetAsync(string key, ReadOnlySequence<byte> value, DistributedCacheEntryOptions options, CancellationToken token = default) =>
        new(SetAsync(key, value.ToArray(), options, token));

    /// <inheritdoc/>
    public void Refresh(string key) => Database.ScriptEvaluate(RedisEntryScripts.GetAndRefresh, Keys(key), ReadArgs(fetch: false));

    /// <inheritdoc/>
    public Task RefreshAsync(string key, CancellationToken token = default)
    {
        token.ThrowIfCancellationRequested();
        return Database.ScriptEvaluateAsync(RedisEntryScripts.GetAndRefresh, Keys(key), ReadArgs(fetch: false)).WaitAsync(token);
    }

    /// <inheritdoc/>
    public void Remove(string key) => Database.KeyDelete(Key(key));

    /// <inheritdoc/>
    public Task RemoveAsync(string key, CancellationToken token = default)
    {
        token.ThrowIfCancellationRequested();
        return Database.KeyDeleteAsync(Key(key)).WaitAsync(token);
    }

    /// <summary>Closes the connection when this cache opened it.</summary>
    public void Dispose()
    {
        if (_ownsConnection)
        {
            // A cache has nothing worth waiting for at shutdown; StackExchange.Redis 1.x's graceful close can block
            // for the whole sync timeout waiting for QUIT replies.
            _connection.Close(allowCommandsToComplete: false);
            _connection.Dispose();
        }
    }

    private IDatabase Database => _connection.GetDatabase(_options.Database);

    private RedisKey Key(string key)
    {
        ArgumentNullException.ThrowIfNull(key);
        return _prefix.Append(key);
    }

    private RedisKey[] Keys(string key) => [Key(key)];

    private RedisValue[] ReadArgs(bool fetch) => [Now(), fetch ? 1 : 0];

    private long Now() => _options.TimeProvider.GetUtcNow().ToUnixTimeMilliseconds();

    /// <summary>The Set script's arguments: absolute expiry, sliding window, initial TTL (milliseconds or -1) and the data.</summary>
    private RedisValue[] WriteArgs(byte[] value, DistributedCacheEntryOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        DateTimeOffset now = _options.TimeProvider.GetUtcNow();
        DateTimeOffset? absolute = options.AbsoluteExpirationRelativeToNow is { } relative ? now + relative : options.AbsoluteExpiration;
        if (absolute is { } expiry && expiry <= now)
        {
            throw new ArgumentOutOfRangeException(nameof(options), expiry,
                "The absolute expiration is not in the future: the entry would be dead on arrival.");
        }
        long absoluteMs = absolute?.ToUnixTimeMilliseconds() ?? NoExpiry;
        long slidingMs = options.SlidingExpiration is { } sliding ? Math.Max(1, (long)sliding.TotalMilliseconds) : NoExpiry;
        long ttl = (absolute, slidingMs) switch
        {
            (null, NoExpiry) => NoExpiry,
            (null, _) => slidingMs,
            ({ } at, NoExpiry) => Math.Max(1, (long)(at - now).TotalMilliseconds),
            ({ } at, _) => Math.Max(1, Math.Min(slidingMs, (long)(at - now).TotalMilliseconds)),
        };
        return
        [
            absoluteMs.ToString(CultureInfo.InvariantCulture), slidingMs.ToString(CultureInfo.InvariantCulture),
            ttl.ToString(CultureInfo.InvariantCulture), value,
        ];
    }

    private static bool CopyTo(byte[]? value, IBufferWriter<byte> destination)
    {
        if (value is null)
        {
            return false;
        }
        destination.Write(value);
        return true;
    }

    private static RedisDistributedCacheOptions ValidOptions(RedisDistributedCacheOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(options.TimeProvider, nameof(options));
        ArgumentException.ThrowIfNullOrWhiteSpace(options.Configuration, nameof(options));
        return options;
    }
}
