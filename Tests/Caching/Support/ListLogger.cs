using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace NFX.Tests.Caching.Support;

/// <summary>A logger (and provider) that keeps every entry, for asserting what was logged.</summary>
public sealed class ListLogger : ILogger, ILoggerProvider
{
    private readonly ConcurrentQueue<LogEntry> _entries = new();

    public IReadOnlyList<LogEntry> Entries => [.. _entries];

    public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;

    public bool IsEnabled(LogLevel logLevel) => true;

    public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
        _entries.Enqueue(new LogEntry(logLevel, eventId, formatter(state, exception), exception));

    public ILogger CreateLogger(string categoryName) => this;

    public void Dispose()
    {
    }
}
