using System.Diagnostics;
using System.Globalization;
using NFX.Perf.Quick;

namespace NFX.Perf.Scaling;

/// <summary>
/// <c>scaling [--sizes 1,4,16] [--shapes list,tree] [--runs 3]</c>: does Slim's cost per object stay flat as the graph
/// grows? Each shape (a linked list; an array of tree nodes, each with its own string) at each size (millions of nodes)
/// runs in a fresh child process (<see cref="ScalingChild"/>): one warmup run, then <c>--runs</c> counted runs per
/// direction, serializing to a byte[] and reading it back. It prints the median per node with the spread (min / max)
/// of the counted runs, the load average before and after the child, and the child's peak memory; then the ratio of
/// each size's median to the smallest size's (target: at most <see cref="MaxRatio"/>). Slim PerCall, trusted limits.
/// </summary>
/// <remarks>
/// One run per size moved by up to 2x between invocations (a 16M heap left behind by the previous size, a first run
/// paying the page faults of a heap growing by gigabytes, a burst of load): a fresh process per size, a warmup and the
/// median of several runs take those out, and the spread and the load printed beside each figure say how far to trust
/// it. A size whose projected peak (the bytes per node the previous size of the shape needed, or
/// <see cref="FirstEstimateBytesPerNode"/>) exceeds the memory available is skipped with the reason, not started.
/// </remarks>
public static class ScalingCheck
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "scaling";

    /// <summary>The target: per node, the largest size within this factor of the smallest.</summary>
    public const double MaxRatio = 1.3;

    /// <summary>Counted runs per size and direction (after one warmup run) unless <c>--runs</c> says otherwise.</summary>
    public const int Runs = 3;

    /// <summary>The peak memory assumed per node before a shape's first size has been measured.</summary>
    public const long FirstEstimateBytesPerNode = 600;

    /// <summary>How long one child may take (a 16M-node tree on a loaded 2-core machine takes minutes).</summary>
    public static readonly TimeSpan ChildTimeout = TimeSpan.FromMinutes(45);

    private const string Usage = "Usage: scaling [--sizes 1,4,16] [--shapes list,tree] [--runs 3]";

    /// <summary>Runs the check with the arguments after the verb; returns 0, or 1 when a child failed.</summary>
    public static int Run(IReadOnlyList<string> args)
    {
        int[] sizes = [1, 4, 16];
        string[] shapes = ["list", "tree"];
        int runs = Runs;
        for (int i = 0; i < args.Count; i++)
        {
            string Next() => i + 1 < args.Count ? args[++i] : throw new ArgumentException($"{args[i]} needs a value. {Usage}");
            switch (args[i])
            {
                case "--sizes":
                    sizes = [.. Next().Split(',').Select(s => int.Parse(s, CultureInfo.InvariantCulture))];
                    break;
                case "--shapes":
                    shapes = Next().Split(',');
                    break;
                case "--runs":
                    runs = int.Parse(Next(), CultureInfo.InvariantCulture);
                    break;
                default:
                    throw new ArgumentException($"Unknown option '{args[i]}'. {Usage}");
            }
        }
        if (runs < 1 || sizes.Length == 0 || sizes.Any(s => s is < 1 or > 2000) || shapes.Any(s => s is not ("list" or "tree")))
        {
            throw new ArgumentException($"Sizes 1..2000 (millions), shapes list or tree, at least one run. {Usage}");
        }

        double loadStart = MachineInfo.LoadAverage() ?? double.NaN;
        Console.Out.WriteLine($"scaling check on {MachineInfo.Current()}");
        Console.Out.WriteLine($"each size in its own process: 1 warmup + {runs} counted runs per direction; median per node (min / max)");
        bool failed = false;
        foreach (string shape in shapes)
        {
            var measured = new List<ScalingSample>();
            foreach (int millions in sizes)
            {
                long bytesPerNode = measured.Count == 0 ? FirstEstimateBytesPerNode : measured[^1].PeakBytes / measured[^1].Nodes;
                long projected = bytesPerNode * millions * 1_000_000L;
                if (AvailableMemory() is { } available && projected > available)
                {
                    Console.Out.WriteLine(FormattableString.Invariant(
                        $"{shape,-4} {millions,4}M nodes: skipped: needs about {Gib(projected):0.0} GiB at the peak, {Gib(available):0.0} GiB available"));
                    continue;
                }
                double? loadBefore = MachineInfo.LoadAverage();
                (ScalingSample? sample, string? error) = RunChild(shape, millions, runs);
                double? loadAfter = MachineInfo.LoadAverage();
                if (sample is null)
                {
                    Console.Out.WriteLine($"{shape,-4} {millions,4}M nodes: FAILED: {error}");
                    failed = true;
                    continue;
                }
                measured.Add(sample);
                string times = $"{shape,-4} {millions,4}M nodes: serialize {Spread(sample.Serialize)}, deserialize {Spread(sample.Deserialize)} ns/node";
                Console.Out.WriteLine(times + FormattableString.Invariant(
                    $"; {sample.PayloadBytes / (double)sample.Nodes:0.0} B/node, peak {Gib(sample.PeakBytes):0.00} GiB; load {Load(loadBefore)} -> {Load(loadAfter)}"));
            }
            PrintRatios(shape, measured);
        }
        Console.Out.WriteLine(MachineInfo.DescribeLoad(loadStart, MachineInfo.LoadAverage(), Environment.ProcessorCount));
        return failed ? 1 : 0;
    }

    private static void PrintRatios(string shape, List<ScalingSample> measured)
    {
        if (measured.Count < 2)
        {
            return;
        }
        ScalingSample first = measured[0];
        double baseSerialize = ScalingSample.Median(first.Serialize), baseDeserialize = ScalingSample.Median(first.Deserialize);
        foreach (ScalingSample sample in measured.Skip(1))
        {
            double s = ScalingSample.Median(sample.Serialize) / baseSerialize, d = ScalingSample.Median(sample.Deserialize) / baseDeserialize;
            string verdict = s <= MaxRatio && d <= MaxRatio ? "met" : "missed";
            Console.Out.WriteLine(FormattableString.Invariant(
                $"{shape,-4} {sample.Millions}M vs {first.Millions}M per node (medians): serialize {s:0.00}x, deserialize {d:0.00}x (target <= {MaxRatio}x): {verdict}"));
        }
    }

    /// <summary>Runs one shape and size in a child process, relaying its progress lines; returns its sample or why it failed.</summary>
    private static (ScalingSample? Sample, string? Error) RunChild(string shape, int millions, int runs)
    {
        ProcessStartInfo start = SelfProcess.StartInfo(ScalingChild.Verb, shape,
            millions.ToString(CultureInfo.InvariantCulture), runs.ToString(CultureInfo.InvariantCulture));
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        using Process child = Process.Start(start) ?? throw new InvalidOperationException("Could not start the scaling child process.");
        ScalingSample? sample = null;
        child.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null)
            {
                return;
            }
            if (ScalingSample.TryParse(e.Data) is { } parsed)
            {
                sample = parsed;
            }
            else
            {
                Console.Out.WriteLine($"  {shape} {millions}M: {e.Data}");
            }
        };
        child.BeginOutputReadLine();
        Task<string> stderr = child.StandardError.ReadToEndAsync();
        if (!child.WaitForExit(ChildTimeout))
        {
            child.Kill(entireProcessTree: true);
            return (null, $"did not finish within {ChildTimeout.TotalMinutes:0} min");
        }
        // The parameterless wait returns once the redirected output has been read to its end.
        child.WaitForExit();
        if (child.ExitCode != 0 || sample is null)
        {
            string errors = stderr.Result.Trim();
            string first = errors.Split('\n').FirstOrDefault(l => l.Length > 0)?.Trim() ?? "";
            return (null, $"exit code {child.ExitCode}{(first.Length > 0 ? ": " + first : "")}");
        }
        return (sample, null);
    }

    /// <summary>MemAvailable from /proc/meminfo (Linux), or null where it cannot be read.</summary>
    private static long? AvailableMemory()
    {
        try
        {
            const string MemInfo = "/proc/meminfo";
            if (!File.Exists(MemInfo))
            {
                return null;
            }
            string? line = File.ReadLines(MemInfo).FirstOrDefault(l => l.StartsWith("MemAvailable:", StringComparison.Ordinal));
            string[]? parts = line?.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            return parts is { Length: >= 2 } && long.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out long kib) ? kib * 1024 : null;
        }
        catch (IOException)
        {
            return null;
        }
    }

    private static string Spread(double[] runs) =>
        FormattableString.Invariant($"{ScalingSample.Median(runs),7:0.0} ({runs.Min():0.0} / {runs.Max():0.0})");

    private static string Load(double? load) => load is { } value ? value.ToString("0.0", CultureInfo.InvariantCulture) : "n/a";

    private static double Gib(long bytes) => bytes / (1024.0 * 1024 * 1024);
}
