using Microsoft.Extensions.Logging;

namespace NFX.Tests.GlueCluster.Support;

/// <summary>An ILoggerFactory that keeps every entry (level, event id, text) for assertions.</summary>
internal sealed class ListLoggerFactory : ILoggerFactory
{
    private readonly List<(LogLevel Level, EventId Id, string Text)> _entries = new();

    public IReadOnlyList<(LogLevel Level, EventId Id, string Text)> Entries
    {
        get
        {
            lock (_entries)
            {
                return _entries.ToArray();
            }
        }
    }

    public ILogger CreateLogger(string categoryName) => new ListLogger(this);

    public void AddProvider(ILoggerProvider provider)
    {
    }

    public void Dispose()
    {
    }

    private void Add(LogLevel level, EventId id, string text)
    {
        lock (_entries)
        {
            _entries.Add((level, id, text));
        }
    }

    private sealed class ListLogger(ListLoggerFactory owner) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => true;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
            owner.Add(logLevel, eventId, formatter(state, exception));
    }
}
