using Microsoft.Extensions.Logging;

namespace NFX.Tests.Caching.Support;

/// <summary>One log entry as the tests see it.</summary>
public sealed record LogEntry(LogLevel Level, EventId EventId, string Message, Exception? Exception);
