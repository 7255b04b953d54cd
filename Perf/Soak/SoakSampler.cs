using System.Globalization;

namespace NFX.Perf.Soak;

/// <summary>
/// A soak child's memory, printed on stdout every interval as <c>MEM rss heap</c>: the working set and the live GC
/// heap after a full collection (the number that shows a leak; the collection costs a few ms per sample).
/// </summary>
public static class SoakSampler
{
    /// <summary>The line prefix the coordinator parses.</summary>
    public const string Prefix = "MEM ";

    /// <summary>Samples until <paramref name="stop"/> is canceled.</summary>
    public static async Task RunAsync(TimeSpan interval, TextWriter output, CancellationToken stop)
    {
        try
        {
            while (true)
            {
                await Task.Delay(interval, stop).ConfigureAwait(false);
                long heap = GC.GetTotalMemory(forceFullCollection: true);
                long rss = Environment.WorkingSet;
                lock (output)
                {
                    output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{Prefix}{rss} {heap}"));
                    output.Flush();
                }
            }
        }
        catch (OperationCanceledException)
        {
            // Stopped.
        }
    }

    /// <summary>Parses a <c>MEM</c> line; false for any other line.</summary>
    public static bool TryParse(string line, out SoakMemorySample sample)
    {
        sample = default;
        if (!line.StartsWith(Prefix, StringComparison.Ordinal))
        {
            return false;
        }
        string[] parts = line[Prefix.Length..].Split(' ');
        sample = new SoakMemorySample(long.Parse(parts[0], CultureInfo.InvariantCulture), long.Parse(parts[1], CultureInfo.InvariantCulture));
        return true;
    }
}

/// <summary>One memory sample of a soak process.</summary>
public readonly record struct SoakMemorySample(long Rss, long Heap);
