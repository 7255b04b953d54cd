using System.Diagnostics;
using System.Globalization;
using System.Text;
using NFX.Perf.Quick;

namespace NFX.Perf.ColdStart;

/// <summary>One contender's row: its medians over the fresh processes, or why it has none.</summary>
/// <param name="Name">The row label.</param>
/// <param name="Notes">How it is called.</param>
/// <param name="Status">Measured, n/a (a slot for a contender to come) or failed.</param>
/// <param name="Reason">Why it is n/a or failed.</param>
/// <param name="First">Each run's first call (the order), ms.</param>
/// <param name="Second">Each run's second call (the unrelated reading), ms.</param>
public sealed record ColdStartRow(string Name, string Notes, CellStatus Status, string? Reason, IReadOnlyList<double> First, IReadOnlyList<double> Second)
{
    /// <summary>Median of the first calls, ms (NaN when none).</summary>
    public double FirstMedian => Median(First);

    /// <summary>Median of the second calls, ms (NaN when none).</summary>
    public double SecondMedian => Median(Second);

    /// <summary>The median of <paramref name="values"/> (NaN when empty).</summary>
    public static double Median(IReadOnlyList<double> values)
    {
        if (values.Count == 0)
        {
            return double.NaN;
        }
        double[] sorted = [.. values.Order()];
        int mid = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}

/// <summary>
/// The table "Cold start: first call of a new type": every contender timed in fresh child processes of this build
/// (<see cref="ColdStartChild"/>), interleaved (round r starts one process per contender, in table order), medians.
/// </summary>
public static class ColdStartBench
{
    /// <summary>The part's key for <c>quick --filter</c>.</summary>
    public const string Key = "coldstart";

    /// <summary>Fresh processes per contender by default.</summary>
    public const int DefaultRuns = 5;

    /// <summary>The table's title.</summary>
    public const string Title = "Cold start: first call of a new type";

    private static readonly TimeSpan s_childTimeout = TimeSpan.FromSeconds(60);

    /// <summary>Runs <paramref name="runs"/> rounds of child processes and returns the rows in table order.</summary>
    public static IReadOnlyList<ColdStartRow> Measure(int runs, Action<string> progress)
    {
        IReadOnlyList<ColdStartContender> contenders = ColdStartCatalog.All();
        var first = contenders.Select(_ => new List<double>()).ToArray();
        var second = contenders.Select(_ => new List<double>()).ToArray();
        var failures = new string?[contenders.Count];
        for (int round = 0; round < runs; round++)
        {
            for (int i = 0; i < contenders.Count; i++)
            {
                if (contenders[i].Unavailable is not null || failures[i] is not null)
                {
                    continue;
                }
                (double First, double Second)? times = RunChild(contenders[i].Name, out string? failure);
                if (times is { } t)
                {
                    first[i].Add(t.First);
                    second[i].Add(t.Second);
                    progress($"{Key}: round {round + 1}/{runs}: {contenders[i].Name}: {t.First:0.0} ms, then {t.Second:0.0} ms");
                }
                else
                {
                    failures[i] = failure;
                    progress($"{Key}: {contenders[i].Name}: FAILED: {failure}");
                }
            }
        }
        return contenders.Select((c, i) => c.Unavailable is string why
            ? new ColdStartRow(c.Name, c.Notes, CellStatus.NotApplicable, why, [], [])
            : failures[i] is string failed
                ? new ColdStartRow(c.Name, c.Notes, CellStatus.Failed, failed, [], [])
                : new ColdStartRow(c.Name, c.Notes, CellStatus.Measured, null, first[i], second[i])).ToArray();
    }

    /// <summary>Entry point of <c>NFX.Slim.Perf coldstart [--runs N]</c>: the table and its target on the console.</summary>
    public static int RunStandalone(IReadOnlyList<string> args)
    {
        int runs = DefaultRuns;
        for (int i = 0; i < args.Count; i++)
        {
            if (args[i] == "--runs" && i + 1 < args.Count)
            {
                runs = int.Parse(args[++i], CultureInfo.InvariantCulture);
            }
            else
            {
                Console.Error.WriteLine($"Unknown option '{args[i]}'. Usage: coldstart [--runs N]");
                return Program.UsageError;
            }
        }
        Console.Out.WriteLine(QuickRunner.LoadLine(MachineInfo.LoadAverage(), null, Environment.ProcessorCount));
        IReadOnlyList<ColdStartRow> rows = Measure(runs, message => Console.Error.WriteLine(message));
        Console.Out.Write(Table(rows, runs));
        Console.Out.WriteLine(Targets(rows).ToMarkdown());
        return 0;
    }

    /// <summary>The table as markdown, with how it was measured and each contender's notes.</summary>
    public static string Table(IReadOnlyList<ColdStartRow> rows, int runs)
    {
        var text = new StringBuilder();
        text.AppendLine($"### {Title}").AppendLine();
        text.AppendLine($"Each contender in {runs} fresh processes of this build (`{ColdStartChild.Verb} CONTENDER`), interleaved: round r starts one " +
            "process per contender in table order. In each, a Stopwatch times the first Serialize + Deserialize of an order of five types " +
            "(order, customer, lines, address, a status enum), then the first of an unrelated type (a sensor reading) in the same process; " +
            "both copies are compared whole afterwards. Medians in ms (min-max); JIT. NFX.Slim and NFX.StreamerFormats load the partial " +
            "ReadyToRun images their Release build and packages carry (linux-x64): the start-up path only, every method that runs hot is " +
            "JIT-compiled as in an IL build (ReadyToRun/README.md); the peers' libraries ship IL (System.Text.Json, the framework's, is " +
            "ReadyToRun); every contender's generated code is IL.").AppendLine();
        text.AppendLine("| Contender | First call: 5-type order (ms) | vs Slim | Second, unrelated type (ms) | Runs |");
        text.AppendLine("|---|--:|--:|--:|--:|");
        double slim = rows.FirstOrDefault(r => r.Name == ColdStartCatalog.Slim && r.Status == CellStatus.Measured)?.FirstMedian ?? double.NaN;
        foreach (ColdStartRow row in rows)
        {
            if (row.Status != CellStatus.Measured)
            {
                string status = row.Status == CellStatus.NotApplicable ? "n/a" : "FAILED";
                text.AppendLine($"| {row.Name} | {status}: {Format.Cell(row.Reason ?? "")} | | | 0 |");
                continue;
            }
            string ratio = double.IsNaN(slim) ? "-" : Format.Ratio(row.FirstMedian, slim);
            text.AppendLine($"| {row.Name} | {Ms(row.FirstMedian)} ({Ms(row.First.Min())}-{Ms(row.First.Max())}) | {ratio} | " +
                $"{Ms(row.SecondMedian)} ({Ms(row.Second.Min())}-{Ms(row.Second.Max())}) | {row.First.Count} |");
        }
        text.AppendLine();
        foreach (ColdStartRow row in rows)
        {
            text.AppendLine($"- **{row.Name}**: {row.Notes}.");
        }
        text.AppendLine();
        return text.ToString();
    }

    /// <summary>
    /// The cold-start targets: Slim's first call no slower than MemoryPack's, for the runtime codecs and, when the run has
    /// the row, for the generated ones.
    /// </summary>
    public static TargetTable Targets(IReadOnlyList<ColdStartRow> rows)
    {
        const string Goal = "<= 1x";
        ColdStartRow? memoryPack = rows.FirstOrDefault(r => r.Name == ColdStartCatalog.MemoryPack);
        var targets = new List<Target>();
        foreach (string slimName in new[] { ColdStartCatalog.Slim, ColdStartCatalog.SlimGenerated })
        {
            ColdStartRow? slim = rows.FirstOrDefault(r => r.Name == slimName);
            if (slim is null && slimName != ColdStartCatalog.Slim)
            {
                continue;
            }
            string name = $"{slimName}: first Serialize + Deserialize of the 5-type order in a fresh process no slower than MemoryPack's";
            targets.Add(slim is { Status: CellStatus.Measured } && memoryPack is { Status: CellStatus.Measured }
                ? Target.Judged(name, Goal, $"{Ms(slim.FirstMedian)} vs {Ms(memoryPack.FirstMedian)} ms ({Format.Ratio(slim.FirstMedian, memoryPack.FirstMedian)})",
                    slim.FirstMedian <= memoryPack.FirstMedian, TargetKind.Timing)
                : Target.NotMeasured(name, Goal, slim is { Status: CellStatus.Measured }
                    ? $"MemoryPack {Describe(memoryPack)}" : $"{slimName} {Describe(slim)}", TargetKind.Timing));
        }
        return new TargetTable("Cold start", targets);
    }

    /// <summary>Parses a child's output line: the two times, or null with why.</summary>
    public static (double First, double Second)? Parse(string output, out string? failure)
    {
        foreach (string line in output.Split('\n', StringSplitOptions.TrimEntries))
        {
            if (line.StartsWith(ColdStartChild.OkPrefix, StringComparison.Ordinal))
            {
                string[] parts = line[ColdStartChild.OkPrefix.Length..].Split(' ');
                if (parts.Length == 2 && double.TryParse(parts[0], CultureInfo.InvariantCulture, out double a) &&
                    double.TryParse(parts[1], CultureInfo.InvariantCulture, out double b))
                {
                    failure = null;
                    return (a, b);
                }
            }
            else if (line.StartsWith(ColdStartChild.FailedPrefix, StringComparison.Ordinal))
            {
                failure = line[ColdStartChild.FailedPrefix.Length..];
                return null;
            }
        }
        failure = "the child printed no result";
        return null;
    }

    private static (double First, double Second)? RunChild(string contender, out string? failure)
    {
        ProcessStartInfo start = SelfProcess.StartInfo(ColdStartChild.Verb, contender);
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        using Process child = Process.Start(start) ?? throw new InvalidOperationException("Could not start the cold-start process.");
        Task<string> stdout = child.StandardOutput.ReadToEndAsync();
        Task<string> stderr = child.StandardError.ReadToEndAsync();
        if (!child.WaitForExit(s_childTimeout))
        {
            child.Kill(entireProcessTree: true);
            failure = $"did not finish within {s_childTimeout.TotalSeconds:0} s";
            return null;
        }
        (double, double)? times = Parse(stdout.Result, out failure);
        if (times is null && failure == "the child printed no result" && stderr.Result.Length > 0)
        {
            failure += $" (exit code {child.ExitCode}: {stderr.Result.Trim().ReplaceLineEndings(" ")[..Math.Min(200, stderr.Result.Trim().Length)]})";
        }
        return times;
    }

    private static string Describe(ColdStartRow? row) => row is null ? "not run" : $"{(row.Status == CellStatus.Failed ? "FAILED" : "n/a")}: {row.Reason}";

    private static string Ms(double ms) => double.IsNaN(ms) ? "-" : ms.ToString(ms < 10 ? "0.00" : ms < 100 ? "0.0" : "0", CultureInfo.InvariantCulture);
}
