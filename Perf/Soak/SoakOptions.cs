using System.Globalization;

namespace NFX.Perf.Soak;

/// <summary>
/// The soak run's shape: <c>soak MINUTES [--clients N] [--workers N] [--kill-every SECONDS] [--out FILE.md]</c>.
/// Defaults are sized for two shared cores: three client processes of four workers each, a node killed every tenth of
/// the run (at least every 10 s), memory sampled about a hundred times.
/// </summary>
public sealed record SoakOptions(TimeSpan Duration, int Clients, int Workers, TimeSpan KillEvery, string? Out)
{
    /// <summary>The server nodes (fixed: a cluster of three).</summary>
    public const int Nodes = 3;

    /// <summary>How often every process samples its memory.</summary>
    public TimeSpan SampleEvery => TimeSpan.FromSeconds(Math.Max(2, Duration.TotalSeconds / 100));

    /// <summary>Parses the arguments after <c>soak</c>.</summary>
    public static SoakOptions Parse(string[] args)
    {
        if (args.Length == 0 || !double.TryParse(args[0], NumberStyles.Float, CultureInfo.InvariantCulture, out double minutes) || minutes <= 0)
        {
            throw new ArgumentException("usage: soak MINUTES [--clients N] [--workers N] [--kill-every SECONDS] [--out FILE.md]");
        }
        var duration = TimeSpan.FromMinutes(minutes);
        var options = new SoakOptions(duration, 3, 4, TimeSpan.FromSeconds(Math.Max(10, duration.TotalSeconds / 10)), null);
        for (int i = 1; i + 1 < args.Length; i += 2)
        {
            string value = args[i + 1];
            options = args[i] switch
            {
                "--clients" => options with { Clients = int.Parse(value, CultureInfo.InvariantCulture) },
                "--workers" => options with { Workers = int.Parse(value, CultureInfo.InvariantCulture) },
                "--kill-every" => options with { KillEvery = TimeSpan.FromSeconds(double.Parse(value, CultureInfo.InvariantCulture)) },
                "--out" => options with { Out = value },
                _ => throw new ArgumentException($"Unknown soak option '{args[i]}'."),
            };
        }
        return options;
    }
}
