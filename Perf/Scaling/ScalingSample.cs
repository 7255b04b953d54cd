using System.Globalization;

namespace NFX.Perf.Scaling;

/// <summary>
/// What one child process measured for one shape and size: the counted runs of each direction (ns per node), the
/// payload size and the child's peak resident memory. It crosses from the child to the parent as one line of text.
/// </summary>
/// <param name="Shape">"list" or "tree".</param>
/// <param name="Millions">Nodes, in millions.</param>
/// <param name="PayloadBytes">The serialized size.</param>
/// <param name="Serialize">ns per node of each counted serialize run, in run order.</param>
/// <param name="Deserialize">ns per node of each counted deserialize run, in run order.</param>
/// <param name="PeakBytes">The child's peak resident memory (the graph, the payload, the copy and the maps at once).</param>
public sealed record ScalingSample(string Shape, int Millions, long PayloadBytes, double[] Serialize, double[] Deserialize, long PeakBytes)
{
    /// <summary>The prefix of the result line among the child's other output.</summary>
    public const string LinePrefix = "SCALING-RESULT ";

    /// <summary>Nodes in the graph.</summary>
    public long Nodes => Millions * 1_000_000L;

    /// <summary>The line the child prints: prefix, shape, size, bytes, peak, then runs per direction ("a;b;c").</summary>
    public string ToLine() => string.Join(' ',
        LinePrefix.TrimEnd(),
        Shape,
        Millions.ToString(CultureInfo.InvariantCulture),
        PayloadBytes.ToString(CultureInfo.InvariantCulture),
        PeakBytes.ToString(CultureInfo.InvariantCulture),
        Join(Serialize),
        Join(Deserialize));

    /// <summary>Reads a line written by <see cref="ToLine"/>, or returns null when it is not one.</summary>
    public static ScalingSample? TryParse(string line)
    {
        if (!line.StartsWith(LinePrefix, StringComparison.Ordinal))
        {
            return null;
        }
        string[] parts = line[LinePrefix.Length..].Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (parts.Length != 6)
        {
            return null;
        }
        return new ScalingSample(parts[0], int.Parse(parts[1], CultureInfo.InvariantCulture), long.Parse(parts[2], CultureInfo.InvariantCulture),
            Split(parts[4]), Split(parts[5]), long.Parse(parts[3], CultureInfo.InvariantCulture));
    }

    /// <summary>The median of <paramref name="runs"/> (the middle one, or the mean of the middle two).</summary>
    public static double Median(IReadOnlyList<double> runs)
    {
        double[] sorted = [.. runs.Order()];
        int mid = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    private static string Join(double[] runs) => string.Join(';', runs.Select(r => r.ToString("R", CultureInfo.InvariantCulture)));

    private static double[] Split(string runs) => [.. runs.Split(';').Select(r => double.Parse(r, CultureInfo.InvariantCulture))];
}
