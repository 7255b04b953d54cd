using System.Globalization;
using System.Text;
using NFX.Perf.Cloning;
using NFX.Perf.Contenders;

namespace NFX.Perf.Quick;

/// <summary>
/// The speed targets as measured ratios: "Nx faster" = the other contender's time / Slim's time,
/// "Nx smaller" = the other's payload / Slim's. Judged on Slim (PerCall); Slim (Batch) shown beside it.
/// </summary>
public static class TargetsReport
{
    private const string PerCall = SlimPerCallContender.ContenderName;
    private const string Batch = "Slim (Batch)";
    private const string BinaryFormatter = "BinaryFormatter";
    private const string DataContract = "DataContractSerializer";
    private const string Memcpy = "memcpy (baseline)";
    private const string TolerantPerCall = "Slim tolerant (PerCall)";
    private const string TolerantBatch = "Slim tolerant (Batch)";

    // Graph-capable = can represent the cyclic company graph (MemoryPack CircularReference, Orleans, Hyperion,
    // BinaryFormatter, DataContractSerializer, System.Text.Json Preserve, Slim).
    private static readonly HashSet<string> s_graphCapable = ContenderCatalog.All()
        .Where(c => !c.IsBaseline && c.CannotHandle(new Workloads.Graph.GraphWorkload()) is null)
        .Select(c => c.Name)
        .ToHashSet(StringComparer.Ordinal);

    /// <summary>Which quantity a ratio compares.</summary>
    public enum Column
    {
        /// <summary>Serialize time.</summary>
        Serialize,

        /// <summary>Deserialize time.</summary>
        Deserialize,

        /// <summary>Payload bytes.</summary>
        Size,
    }

    /// <summary>One target line.</summary>
    public sealed record Target(string Name, string Goal, string Measured, string Verdict);

    /// <summary>The targets as a markdown table.</summary>
    public static string Build(QuickRun run)
    {
        var text = new StringBuilder();
        text.AppendLine("| Target | Goal | Measured | Result |");
        text.AppendLine("|---|---|---|---|");
        foreach (Target target in Evaluate(run))
        {
            text.AppendLine($"| {target.Name} | {target.Goal} | {Format.Cell(target.Measured)} | {target.Verdict} |");
        }
        text.AppendLine();
        text.Append("Ratios are the other contender's value divided by Slim (PerCall)'s (Slim (Batch) in brackets); the Perzon targets " +
            "use the loop workload, as the ancestor measured. A target whose peer cannot run here is \"not measured\", with the reason.");
        return text.ToString();
    }

    /// <summary>Evaluates every target against the run.</summary>
    public static IReadOnlyList<Target> Evaluate(QuickRun run)
    {
        var targets = new List<Target>();
        AddVersus(targets, run, "perzon-loop", "Perzon", BinaryFormatter, 15, 10, 13);
        AddVersus(targets, run, "perzon-loop", "Perzon", DataContract, 5, 8, 8);
        AddVersus(targets, run, "graph", "Complex graph", BinaryFormatter, 6, 5, 1.7);
        AddVersus(targets, run, "graph", "Complex graph", DataContract, 3, 7.5, 4.5);
        foreach (string key in new[] { "perzon", "dto" })
        {
            // "Within 1.25x of MemoryPack" = MemoryPack's time / Slim's time >= 0.8.
            AddBothWays(targets, run, key, MemoryPackContender.ContenderName, 0.8, "within 1.25x of");
            AddBothWays(targets, run, key, MessagePackTypelessContender.ContenderName, 1.5, "at least 1.5x faster than");
            AddBothWays(targets, run, key, MessagePackContractContender.ContenderName, 1, "no slower than");
        }
        foreach (string key in new[] { "graph", "linked-list" })
        {
            AddBothWays(targets, run, key, HyperionContender.ContenderName, 3, "at least 3x faster than");
            AddBothWays(targets, run, key, OrleansContender.ContenderName, 3, "at least 3x faster than");
            AddFasterThanCycleCapable(targets, run, key, Column.Serialize);
            AddFasterThanCycleCapable(targets, run, key, Column.Deserialize);
        }
        foreach (string key in new[] { "int-array", "double-array", "byte-array" })
        {
            AddWithinMemcpy(targets, run, key, Column.Serialize);
            AddWithinMemcpy(targets, run, key, Column.Deserialize);
        }
        AddReusedBufferAllocation(targets, run);
        foreach (string key in new[] { "perzon-loop", "dto" })
        {
            AddTolerance(targets, run, key, PerCall, TolerantPerCall, 1.25);
            AddTolerance(targets, run, key, Batch, TolerantBatch, 1.10);
        }
        foreach (string key in new[] { "perzon", "graph", "dto" })
        {
            AddClone(targets, run, key);
        }
        return targets;
    }

    /// <summary>other / Slim for one column, or null with the reason when either side was not measured.</summary>
    public static double? Ratio(WorkloadResult? result, string other, string slim, Column column, out string? why)
    {
        why = null;
        if (result is null)
        {
            why = "workload not run";
            return null;
        }
        ContenderResult? o = result.Row(other);
        ContenderResult? s = result.Row(slim);
        if (o is not { Status: CellStatus.Measured })
        {
            why = $"{other} {Status(o)}";
            return null;
        }
        if (s is not { Status: CellStatus.Measured })
        {
            why = $"{slim} {Status(s)}";
            return null;
        }
        return Value(o, column) / Value(s, column);
    }

    private static double Value(ContenderResult row, Column column) => column switch
    {
        Column.Serialize => row.Serialize!.NanosecondsPerOp,
        Column.Deserialize => row.Deserialize!.NanosecondsPerOp,
        _ => row.PayloadBytes,
    };

    private static string Status(ContenderResult? row) => row switch
    {
        null => "not run",
        { Status: CellStatus.NotApplicable } => "n/a: " + row.Reason,
        _ => "FAILED: " + row.Reason,
    };

    private static void AddVersus(List<Target> targets, QuickRun run, string key, string label, string other,
        double serialize, double deserialize, double size)
    {
        WorkloadResult? result = run.Workload(key);
        (Column Column, double Goal, string Word)[] goals =
            [(Column.Serialize, serialize, "faster serialize"), (Column.Deserialize, deserialize, "faster deserialize"), (Column.Size, size, "smaller")];
        foreach ((Column column, double goal, string word) in goals)
        {
            double? perCall = Ratio(result, other, PerCall, column, out string? why);
            double? batch = Ratio(result, other, Batch, column, out _);
            targets.Add(perCall is double r
                ? new Target($"{label} vs {other}: {word}", $">= {N(goal)}x", $"{N(r)}x{Bracket(batch)}", r >= goal ? "met" : "missed")
                : new Target($"{label} vs {other}: {word}", $">= {N(goal)}x", "-", "not measured: " + why));
        }
    }

    private static void AddBothWays(List<Target> targets, QuickRun run, string key, string other, double goal, string words)
    {
        WorkloadResult? result = run.Workload(key);
        foreach (Column column in new[] { Column.Serialize, Column.Deserialize })
        {
            string name = $"{key}: {(column == Column.Serialize ? "serialize" : "deserialize")} {words} {other}";
            double? perCall = Ratio(result, other, PerCall, column, out string? why);
            double? batch = Ratio(result, other, Batch, column, out _);
            targets.Add(perCall is double r
                ? new Target(name, $">= {N(goal)}x", $"{N(r)}x{Bracket(batch)}", r >= goal ? "met" : "missed")
                : new Target(name, $">= {N(goal)}x", "-", "not measured: " + why));
        }
    }

    private static void AddFasterThanCycleCapable(List<Target> targets, QuickRun run, string key, Column column)
    {
        string name = $"{key}: faster {(column == Column.Serialize ? "serialize" : "deserialize")} than every other graph-capable contender";
        WorkloadResult? result = run.Workload(key);
        ContenderResult? slim = result?.Row(PerCall);
        if (result is null || slim is not { Status: CellStatus.Measured })
        {
            targets.Add(new Target(name, "> 1x each", "-", "not measured: " + (result is null ? "workload not run" : PerCall + " " + Status(slim))));
            return;
        }
        var ratios = result.Rows
            .Where(r => r.Status == CellStatus.Measured && !r.Contender.StartsWith("Slim", StringComparison.Ordinal) && !r.IsBaseline
                && s_graphCapable.Contains(r.Contender))
            .Select(r => (r.Contender, Ratio: Value(r, column) / Value(slim, column)))
            .OrderBy(r => r.Ratio)
            .ToList();
        if (ratios.Count == 0)
        {
            targets.Add(new Target(name, "> 1x each", "no other contender passed verification", "met (vacuously)"));
            return;
        }
        string measured = string.Join(", ", ratios.Select(r => $"{r.Contender} {N(r.Ratio)}x"));
        targets.Add(new Target(name, "> 1x each", measured, ratios[0].Ratio > 1 ? "met" : "missed"));
    }

    private static void AddWithinMemcpy(List<Target> targets, QuickRun run, string key, Column column)
    {
        string name = $"{key}: {(column == Column.Serialize ? "serialize" : "deserialize")} within 2x of memcpy";
        double? perCall = Ratio(run.Workload(key), PerCall, Memcpy, column, out string? why);
        double? batch = Ratio(run.Workload(key), Batch, Memcpy, column, out _);
        targets.Add(perCall is double r
            ? new Target(name, "<= 2x", $"{N(r)}x{Bracket(batch)}", r <= 2 ? "met" : "missed")
            : new Target(name, "<= 2x", "-", "not measured: " + why));
    }

    private static void AddReusedBufferAllocation(List<Target> targets, QuickRun run)
    {
        const string Name = "Serialize into a reused buffer allocates nothing but the output (Slim (Batch), per call)";
        const double Noise = 64;
        var measured = new List<string>();
        bool allMet = true;
        foreach (WorkloadResult result in run.Workloads)
        {
            if (result.Row(Batch) is { Status: CellStatus.Measured } row)
            {
                double calls = result.Key == "perzon-loop" ? Math.Max(1, run.Options.PerzonLoop) : 1;
                double perCall = row.Serialize!.AllocatedBytesPerOp / calls;
                measured.Add($"{result.Key} {Format.ApproxBytes(perCall)}");
                allMet &= perCall <= Noise;
            }
        }
        targets.Add(measured.Count == 0
            ? new Target(Name, $"<= {Noise:0} B", "-", $"not measured: {Batch} was not measured on any workload")
            : new Target(Name, $"<= {Noise:0} B (counter noise)", string.Join(", ", measured), allMet ? "met" : "missed"));
    }

    /// <summary>Version-tolerant layouts against strict ones in the same mode: both directions within the limit, and (Batch) no payload growth.</summary>
    private static void AddTolerance(List<Target> targets, QuickRun run, string key, string strict, string tolerant, double limit)
    {
        string name = $"{key}: {tolerant} within {N((limit - 1) * 100)}% of {strict}, both directions" +
            (strict == Batch ? ", same payload" : "");
        double? serialize = Ratio(run.Workload(key), tolerant, strict, Column.Serialize, out string? why);
        double? deserialize = Ratio(run.Workload(key), tolerant, strict, Column.Deserialize, out _);
        double? size = Ratio(run.Workload(key), tolerant, strict, Column.Size, out _);
        if (serialize is not double s || deserialize is not double d || size is not double z)
        {
            targets.Add(new Target(name, $"<= {N(limit)}x", "-", "not measured: " + why));
            return;
        }
        bool met = s <= limit && d <= limit && (strict != Batch || z <= 1);
        targets.Add(new Target(name, $"<= {N(limit)}x{(strict == Batch ? ", 1x bytes" : "")}",
            $"ser {N(s)}x, deser {N(d)}x, bytes {N(z)}x", met ? "met" : "missed"));
    }

    /// <summary>The deep clone's targets (the speed issue's): at least 3x faster than a round trip, at most 2x a hand-written clone.</summary>
    private static void AddClone(List<Target> targets, QuickRun run, string key)
    {
        string name = $"{key}: DeepClone at least 3x faster than serialize + deserialize";
        double? r = Ratio(run.CloneTable(key), SlimRoundTripCloneContender.ContenderName, SlimDeepCloneContender.ContenderName, Column.Serialize, out string? why);
        targets.Add(r is double ratio
            ? new Target(name, ">= 3x", $"{N(ratio)}x", ratio >= 3 ? "met" : "missed")
            : new Target(name, ">= 3x", "-", "not measured: " + why));
        name = $"{key}: DeepClone at most 2x a hand-written clone";
        r = Ratio(run.CloneTable(key), SlimDeepCloneContender.ContenderName, HandWrittenCloneContender.ContenderName, Column.Serialize, out why);
        targets.Add(r is double hand
            ? new Target(name, "<= 2x", $"{N(hand)}x", hand <= 2 ? "met" : "missed")
            : new Target(name, "<= 2x", "-", "not measured: " + why));
    }

    private static string Bracket(double? batch) => batch is double b ? $" [{N(b)}x]" : "";

    private static string N(double value) => value.ToString(value >= 100 ? "0" : "0.##", CultureInfo.InvariantCulture);
}
