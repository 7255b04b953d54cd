namespace NFX.Tests.Caching.Redis;

/// <summary>Which IDistributedCache a fixture runs against.</summary>
public enum CacheKind
{
    Redis,
    Memory,
}
