using Microsoft.Extensions.Logging;

namespace NFX.Slim.Caching;

/// <summary>The log events of the cache adapters (compiled by the logging source generator: no boxing, no parsing).</summary>
internal static partial class CacheLog
{
    /// <summary>Event id of <see cref="InvalidValue"/>, for filters and tests.</summary>
    public const int InvalidValueEventId = 8001;

    [LoggerMessage(EventId = InvalidValueEventId, EventName = "SlimCacheValueInvalid", Level = LogLevel.Warning,
        Message = "Cache value '{Key}' for {ValueType} is invalid ({Problem}) and {Outcome}: {Reason}")]
    public static partial void InvalidValue(ILogger logger, string key, string valueType, SlimCacheValueProblem problem, string outcome,
        string reason, Exception? exception);
}
