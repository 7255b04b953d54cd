namespace NFX.Slim.Caching.Redis;

/// <summary>Where <see cref="RedisDistributedCache"/> connects and how it names keys.</summary>
public sealed class RedisDistributedCacheOptions
{
    /// <summary>A StackExchange.Redis configuration string, e.g. <c>"127.0.0.1:6379"</c> or <c>"redis1:6379,abortConnect=false"</c>.</summary>
    public string Configuration { get; set; } = "localhost:6379";

    /// <summary>A prefix put in front of every key, so several applications can share one Redis database.</summary>
    public string InstanceName { get; set; } = "";

    /// <summary>The Redis database number. Default: the connection's default database.</summary>
    public int Database { get; set; } = -1;

    /// <summary>The clock that absolute and sliding expirations are computed from. Default: <see cref="TimeProvider.System"/>.</summary>
    public TimeProvider TimeProvider { get; set; } = TimeProvider.System;
}
