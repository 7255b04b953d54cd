using System.Diagnostics;
using System.Text;

namespace NFX.Perf.Quick;

/// <summary>
/// Progress on stderr (stdout carries the tables), each message with the time since the start. On a terminal, one
/// live line rewritten in place (carriage return), so hundreds of steps do not bury the tables; when stderr is
/// redirected (a log file, CI), one plain line per step.
/// </summary>
public sealed class Progress : IDisposable
{
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private readonly TextWriter _error;
    private readonly int _width;
    private readonly Lock _gate = new();
    private int _shown;

    /// <summary>On the console: live when stderr is a terminal.</summary>
    public Progress()
        : this(Console.Error, live: !Console.IsErrorRedirected, ConsoleWidth())
    {
    }

    /// <summary>On <paramref name="error"/>: one line rewritten in place when <paramref name="live"/>, else plain lines.</summary>
    public Progress(TextWriter error, bool live, int width = 120)
    {
        _error = error;
        IsLive = live;
        _width = Math.Max(20, width);
    }

    /// <summary>True when steps overwrite one line instead of adding lines.</summary>
    public bool IsLive { get; }

    /// <summary>Time since the run started.</summary>
    public TimeSpan Elapsed => _clock.Elapsed;

    /// <summary>A step: replaces the live line on a terminal, a plain line otherwise.</summary>
    public void Report(string message)
    {
        string line = Stamp(message);
        lock (_gate)
        {
            if (!IsLive)
            {
                _error.WriteLine(line);
                return;
            }
            // Wider than the terminal would wrap, and a carriage return only goes back to the start of the last row.
            if (line.Length >= _width)
            {
                line = line[..(_width - 4)] + "...";
            }
            _error.Write("\r" + line + new string(' ', Math.Max(0, _shown - line.Length)));
            _error.Flush();
            _shown = line.Length;
        }
    }

    /// <summary>A line that stays on the screen (a note the reader needs after the run), in both modes.</summary>
    public void Note(string message)
    {
        lock (_gate)
        {
            ClearLocked();
            _error.WriteLine(Stamp(message));
        }
    }

    /// <summary>Erases the live line, so what is written next to the terminal starts on a clean line.</summary>
    public void Clear()
    {
        lock (_gate)
        {
            ClearLocked();
        }
    }

    /// <summary>
    /// <paramref name="output"/> (stdout) wrapped so every write first erases the live line, when both go to the same
    /// terminal; otherwise <paramref name="output"/> itself.
    /// </summary>
    public TextWriter Around(TextWriter output, bool sameTerminal) =>
        IsLive && sameTerminal ? new ClearingWriter(output, this) : output;

    /// <summary>Leaves the terminal on a clean line.</summary>
    public void Dispose() => Clear();

    private string Stamp(string message) => $"[{_clock.Elapsed.TotalSeconds,6:0.0} s] {message}";

    private void ClearLocked()
    {
        if (_shown > 0)
        {
            _error.Write("\r" + new string(' ', _shown) + "\r");
            _error.Flush();
            _shown = 0;
        }
    }

    private static int ConsoleWidth()
    {
        try
        {
            // A terminal that reports no size (0, as some pseudo-terminals do) gets the usual width.
            return Console.IsErrorRedirected || Console.WindowWidth <= 0 ? 120 : Console.WindowWidth;
        }
        catch (Exception ex) when (ex is IOException or PlatformNotSupportedException or InvalidOperationException)
        {
            return 120;
        }
    }

    /// <summary>A writer that erases the live progress line before it writes.</summary>
    private sealed class ClearingWriter(TextWriter inner, Progress progress) : TextWriter
    {
        public override Encoding Encoding => inner.Encoding;

        public override void Write(char value)
        {
            progress.Clear();
            inner.Write(value);
        }

        public override void Write(string? value)
        {
            progress.Clear();
            inner.Write(value);
        }

        public override void Write(char[] buffer, int index, int count)
        {
            progress.Clear();
            inner.Write(buffer, index, count);
        }

        public override void Flush() => inner.Flush();
    }
}
