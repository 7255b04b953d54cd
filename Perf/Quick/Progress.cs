using System.Diagnostics;

namespace NFX.Perf.Quick;

/// <summary>Progress lines on stderr (stdout carries the tables), each with the time since start.</summary>
public sealed class Progress
{
    private readonly Stopwatch _clock = Stopwatch.StartNew();

    /// <summary>Time since the run started.</summary>
    public TimeSpan Elapsed => _clock.Elapsed;

    /// <summary>Writes one progress line.</summary>
    public void Report(string message) => Console.Error.WriteLine($"[{_clock.Elapsed.TotalSeconds,6:0.0} s] {message}");
}
