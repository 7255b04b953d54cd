namespace NFX.Slim.Caching.Redis;

/// <summary>
/// The Lua scripts behind <see cref="RedisDistributedCache"/>: each runs atomically on the server, in one round trip.
/// An entry is a hash with fields <c>data</c> (the value), <c>absexp</c> (absolute expiry, Unix milliseconds, or -1)
/// and <c>sldexp</c> (sliding window in milliseconds, or -1); the key's own TTL is when Redis drops it.
/// </summary>
internal static class RedisEntryScripts
{
    /// <summary>KEYS[1] = key; ARGV = absexp, sldexp, ttl in ms (or -1: no TTL), data. Replaces the whole entry and its TTL.</summary>
    public const string Set = """
        redis.call('DEL', KEYS[1])
        redis.call('HSET', KEYS[1], 'absexp', ARGV[1], 'sldexp', ARGV[2], 'data', ARGV[4])
        if ARGV[3] ~= '-1' then
          redis.call('PEXPIRE', KEYS[1], ARGV[3])
        end
        return 1
        """;

    /// <summary>
    /// KEYS[1] = key; ARGV = now (Unix ms), '1' to return the data or '0' to only refresh. Slides the TTL of a sliding
    /// entry to min(sliding window, time left to the absolute expiry) from now; deletes an entry whose absolute
    /// expiry has passed. Returns the data (or 1 when refreshing), nil when there is no live entry.
    /// </summary>
    public const string GetAndRefresh = """
        local entry = redis.call('HMGET', KEYS[1], 'absexp', 'sldexp', 'data')
        if not entry[3] then
          return nil
        end
        local absexp = tonumber(entry[1])
        local sliding = tonumber(entry[2])
        local now = tonumber(ARGV[1])
        if absexp ~= -1 and absexp <= now then
          redis.call('DEL', KEYS[1])
          return nil
        end
        if sliding ~= -1 then
          local ttl = sliding
          if absexp ~= -1 and absexp - now < ttl then
            ttl = absexp - now
          end
          redis.call('PEXPIRE', KEYS[1], ttl)
        end
        if ARGV[2] == '1' then
          return entry[3]
        end
        return 1
        """;
}
