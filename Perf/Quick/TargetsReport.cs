using System.Globalization;
using NFX.Perf.Cloning;
using NFX.Perf.Contenders;

namespace NFX.Perf.Quick;

/// <summary>
/// The serialization and deep-clone targets as measured ratios: "Nx faster" = the other contender's time / Slim's
/// time, "Nx smaller" = the other's payload / Slim's. Judged on Slim (PerCall); Slim (Batch) shown beside it. Rows
/// are found by contender type, so renaming a contender's display name cannot unhook a target.
/// </summary>
public static class TargetsReport
{
    /// <summary>The title of this table in the run's summary.</summary>
    public const string Title = "Serialization and deep clone";

    private static readonly Type s_perCall = typeof(SlimPerCallContender);
    private static readonly Type s_batch = typeof(SlimBatchContender);

    // Every contender once, for its display name (a target whose peer did not run still names it) and to know which
    // can represent the cyclic company graph.
    private static readonly IReadOnlyList<Contender> s_catalog = ContenderCatalog.All();
    private static readonly Dictionary<Type, string> s_names = s_catalog.Select(c => (c.GetType(), c.Name))
        .Concat(CloneRunner.Contenders().Select(c => (c.GetType(), c.Name)))
        .ToDictionary(p => p.Item1, p => p.Name);

    // Graph-capable = can represent the cyclic company graph (MemoryPack CircularReference, Orleans, Hyperion,
    // BinaryFormatter, DataContractSerializer, System.Text.Json Preserve, Slim).
    private static readonly HashSet<Type> s_graphCapable = s_catalog
        .Where(c => !c.IsBaseline && c.CannotHandle(new Workloads.Graph.GraphWorkload()) is null)
        .Select(c => c.GetType())
        .ToHashSet();

    private static readonly HashSet<Type> s_slim =
        [typeof(SlimPerCallContender), typeof(SlimBatchContender), typeof(SlimTolerantPerCallContender), typeof(SlimTolerantBatchContender),
         typeof(SlimGeneratedContender)];

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

    /// <summary>The targets as a markdown table, with a line on how to read it.</summary>
    public static string Build(QuickRun run) =>
        Evaluate(run).ToMarkdown() + Environment.NewLine +
        "Ratios are the other contender's value divided by Slim (PerCall)'s (Slim (Batch) in brackets); the Perzon targets " +
        "use the loop workload, as the ancestor measured. A target whose peer cannot run here is \"not measured\", with the reason; " +
        "the targets of workloads a --filter left out are not listed.";

    /// <summary>Evaluates every target of the workloads the run measured (a filtered run leaves the others out).</summary>
    public static TargetTable Evaluate(QuickRun run)
    {
        var targets = new List<Target>();
        AddVersus(targets, run, "perzon-loop", "Perzon", typeof(BinaryFormatterContender), 15, 10, 13);
        AddVersus(targets, run, "perzon-loop", "Perzon", typeof(DataContractContender), 5, 8, 8);
        AddVersus(targets, run, "graph", "Complex graph", typeof(BinaryFormatterContender), 6, 5, 1.7);
        AddVersus(targets, run, "graph", "Complex graph", typeof(DataContractContender), 3, 7.5, 4.5);
        foreach (string key in new[] { "perzon", "dto" })
        {
            // "Within 1.25x of MemoryPack" = MemoryPack's time / Slim's time >= 0.8.
            AddBothWays(targets, run, key, typeof(MemoryPackContender), 0.8, "within 1.25x of");
            AddBothWays(targets, run, key, typeof(MessagePackTypelessContender), 1.5, "at least 1.5x faster than");
            AddBothWays(targets, run, key, typeof(MessagePackContractContender), 1, "no slower than");
            AddGenerated(targets, run, key, typeof(MemoryPackContender), 0.8, "within 1.25x of");
        }
        // The generated codecs' target holds on a model nobody wrote for a serializer too: the cold-start table's order.
        AddGenerated(targets, run, "order", typeof(MemoryPackContender), 0.8, "within 1.25x of");
        foreach (string key in new[] { "graph", "linked-list" })
        {
            AddBothWays(targets, run, key, typeof(HyperionContender), 3, "at least 3x faster than");
            AddBothWays(targets, run, key, typeof(OrleansContender), 3, "at least 3x faster than");
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
            AddTolerance(targets, run, key, s_perCall, typeof(SlimTolerantPerCallContender), 1.25);
            AddTolerance(targets, run, key, s_batch, typeof(SlimTolerantBatchContender), 1.10);
        }
        foreach (string key in new[] { "perzon", "graph", "dto" })
        {
            AddClone(targets, run, key);
        }
        return new TargetTable(Title, targets);
    }

    /// <summary>other / slim for one column, or null with the reason when either side was not measured.</summary>
    public static double? Ratio(WorkloadResult? result, Type other, Type slim, Column column, out string? why)
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
            why = $"{NameOf(other)} {Status(o)}";
            return null;
        }
        if (s is not { Status: CellStatus.Measured })
        {
            why = $"{NameOf(slim)} {Status(s)}";
            return null;
        }
        return Value(o, column) / Value(s, column);
    }

    private static string NameOf(Type contender) => s_names.TryGetValue(contender, out string? name) ? name : contender.Name;

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

    private static void AddVersus(List<Target> targets, QuickRun run, string key, string label, Type other,
        double serialize, double deserialize, double size)
    {
        if (run.Workload(key) is not WorkloadResult result)
        {
            return;
        }
        (Column Column, double Goal, string Word)[] goals =
            [(Column.Serialize, serialize, "faster serialize"), (Column.Deserialize, deserialize, "faster deserialize"), (Column.Size, size, "smaller")];
        foreach ((Column column, double goal, string word) in goals)
        {
            string name = $"{label} vs {NameOf(other)}: {word}";
            TargetKind kind = column == Column.Size ? TargetKind.Size : TargetKind.Timing;
            double? perCall = Ratio(result, other, s_perCall, column, out string? why);
            double? batch = Ratio(result, other, s_batch, column, out _);
            if (perCall is not double r)
            {
                targets.Add(Target.NotMeasured(name, $">= {N(goal)}x", why!, kind));
                continue;
            }
            Target target = Target.Judged(name, $">= {N(goal)}x", $"{N(r)}x{Bracket(batch)}", r >= goal, kind);
            targets.Add(target.Verdict == Verdict.Missed && column == Column.Size && key == "perzon-loop"
                ? target with { Why = PerzonSizeMiss(run, result, other) }
                : target);
        }
    }

    /// <summary>
    /// Why the Perzon size ratios fall short of the ancestor's: its figures were for a sparsely filled record; this
    /// workload's records are well filled, and the data itself bounds every compact format's ratio.
    /// </summary>
    private static string PerzonSizeMiss(QuickRun run, WorkloadResult result, Type other)
    {
        string why = "the ancestor's figure was for a sparsely filled Perzon";
        if (run.SparsePerzon?.Ratio(other, s_perCall) is double sparse)
        {
            why += $" (one here: {N(sparse)}x{Bracket(run.SparsePerzon.Ratio(other, s_batch))})";
        }
        why += "; these records fill most fields (Guids, nullables, two lists), data every format writes alike";
        return Ratio(result, other, typeof(MemoryPackContender), Column.Size, out _) is double memoryPack
            ? why + $" (MemoryPack: {N(memoryPack)}x)"
            : why;
    }

    private static void AddBothWays(List<Target> targets, QuickRun run, string key, Type other, double goal, string words)
    {
        if (run.Workload(key) is not WorkloadResult result)
        {
            return;
        }
        foreach (Column column in new[] { Column.Serialize, Column.Deserialize })
        {
            string name = $"{key}: {(column == Column.Serialize ? "serialize" : "deserialize")} {words} {NameOf(other)}";
            double? perCall = Ratio(result, other, s_perCall, column, out string? why);
            double? batch = Ratio(result, other, s_batch, column, out _);
            targets.Add(perCall is double r
                ? Target.Judged(name, $">= {N(goal)}x", $"{N(r)}x{Bracket(batch)}", r >= goal, TargetKind.Timing)
                : Target.NotMeasured(name, $">= {N(goal)}x", why!, TargetKind.Timing));
        }
    }

    /// <summary>The generated codecs' row against <paramref name="other"/>, both columns.</summary>
    private static void AddGenerated(List<Target> targets, QuickRun run, string key, Type other, double goal, string words)
    {
        if (run.Workload(key) is not WorkloadResult result)
        {
            return;
        }
        foreach (Column column in new[] { Column.Serialize, Column.Deserialize })
        {
            string name = $"{key}: {SlimGeneratedContender.ContenderName} {(column == Column.Serialize ? "serialize" : "deserialize")} {words} {NameOf(other)}";
            double? ratio = Ratio(result, other, typeof(SlimGeneratedContender), column, out string? why);
            targets.Add(ratio is double r
                ? Target.Judged(name, $">= {N(goal)}x", $"{N(r)}x", r >= goal, TargetKind.Timing)
                : Target.NotMeasured(name, $">= {N(goal)}x", why!, TargetKind.Timing));
        }
    }

    private static void AddFasterThanCycleCapable(List<Target> targets, QuickRun run, string key, Column column)
    {
        string name = $"{key}: faster {(column == Column.Serialize ? "serialize" : "deserialize")} than every other graph-capable contender";
        const string Goal = "> 1x each";
        if (run.Workload(key) is not WorkloadResult result)
        {
            return;
        }
        ContenderResult? slim = result.Row(s_perCall);
        if (slim is not { Status: CellStatus.Measured })
        {
            targets.Add(Target.NotMeasured(name, Goal, NameOf(s_perCall) + " " + Status(slim), TargetKind.Timing));
            return;
        }
        var ratios = result.Rows
            .Where(r => r.Status == CellStatus.Measured && !s_slim.Contains(r.ContenderType) && !r.IsBaseline && s_graphCapable.Contains(r.ContenderType))
            .Select(r => (r.Contender, Ratio: Value(r, column) / Value(slim, column)))
            .OrderBy(r => r.Ratio)
            .ToList();
        if (ratios.Count == 0)
        {
            targets.Add(Target.NotMeasured(name, Goal, "no other graph-capable contender passed verification", TargetKind.Timing));
            return;
        }
        string measured = string.Join(", ", ratios.Select(r => $"{r.Contender} {N(r.Ratio)}x"));
        targets.Add(Target.Judged(name, Goal, measured, ratios[0].Ratio > 1, TargetKind.Timing));
    }

    private static void AddWithinMemcpy(List<Target> targets, QuickRun run, string key, Column column)
    {
        if (run.Workload(key) is not WorkloadResult result)
        {
            return;
        }
        string name = $"{key}: {(column == Column.Serialize ? "serialize" : "deserialize")} within 2x of memcpy";
        double? perCall = Ratio(result, s_perCall, typeof(MemcpyBaselineContender), column, out string? why);
        double? batch = Ratio(result, s_batch, typeof(MemcpyBaselineContender), column, out _);
        targets.Add(perCall is double r
            ? Target.Judged(name, "<= 2x", $"{N(r)}x{Bracket(batch)}", r <= 2, TargetKind.Timing)
            : Target.NotMeasured(name, "<= 2x", why!, TargetKind.Timing));
    }

    private static void AddReusedBufferAllocation(List<Target> targets, QuickRun run)
    {
        if (run.Workloads.Count == 0)
        {
            return;
        }
        string name = $"Serialize into a reused buffer allocates nothing but the output ({NameOf(s_batch)}, per call)";
        const double Noise = 64;
        var measured = new List<string>();
        bool allMet = true;
        foreach (WorkloadResult result in run.Workloads)
        {
            if (result.Row(s_batch) is { Status: CellStatus.Measured } row)
            {
                double calls = result.Key == "perzon-loop" ? Math.Max(1, run.Options.PerzonLoop) : 1;
                double perCall = row.Serialize!.AllocatedBytesPerOp / calls;
                measured.Add($"{result.Key} {Format.ApproxBytes(perCall)}");
                allMet &= perCall <= Noise;
            }
        }
        targets.Add(measured.Count == 0
            ? Target.NotMeasured(name, $"<= {Noise:0} B", $"{NameOf(s_batch)} was not measured on any workload", TargetKind.Structural)
            : Target.Judged(name, $"<= {Noise:0} B (counter noise)", string.Join(", ", measured), allMet, TargetKind.Structural));
    }

    /// <summary>
    /// Version-tolerant layouts against strict ones in the same mode: both directions within the limit; and in Batch
    /// mode, where member lists cross once per connection, no payload growth.
    /// </summary>
    private static void AddTolerance(List<Target> targets, QuickRun run, string key, Type strict, Type tolerant, double limit)
    {
        if (run.Workload(key) is not WorkloadResult result)
        {
            return;
        }
        string name = $"{key}: {NameOf(tolerant)} within {N((limit - 1) * 100)}% of {NameOf(strict)}, both directions";
        double? serialize = Ratio(result, tolerant, strict, Column.Serialize, out string? why);
        double? deserialize = Ratio(result, tolerant, strict, Column.Deserialize, out _);
        double? size = Ratio(result, tolerant, strict, Column.Size, out _);
        targets.Add(serialize is double s && deserialize is double d
            ? Target.Judged(name, $"<= {N(limit)}x", $"ser {N(s)}x, deser {N(d)}x" + (size is double b ? $" (bytes {N(b)}x)" : ""),
                s <= limit && d <= limit, TargetKind.Timing)
            : Target.NotMeasured(name, $"<= {N(limit)}x", why!, TargetKind.Timing));
        if (strict == s_batch)
        {
            name = $"{key}: {NameOf(tolerant)} writes no more bytes than {NameOf(strict)}";
            targets.Add(size is double z
                ? Target.Judged(name, "<= 1x bytes", $"{N(z)}x", z <= 1, TargetKind.Size)
                : Target.NotMeasured(name, "<= 1x bytes", why!, TargetKind.Size));
        }
    }

    /// <summary>The deep clone's targets: at least 3x faster than a round trip, at most 2x a hand-written clone.</summary>
    private static void AddClone(List<Target> targets, QuickRun run, string key)
    {
        if (run.CloneTable(key) is not WorkloadResult result)
        {
            return;
        }
        string name = $"{key}: DeepClone at least 3x faster than serialize + deserialize";
        double? r = Ratio(result, typeof(SlimRoundTripCloneContender), typeof(SlimDeepCloneContender), Column.Serialize, out string? why);
        targets.Add(r is double ratio
            ? Target.Judged(name, ">= 3x", $"{N(ratio)}x", ratio >= 3, TargetKind.Timing)
            : Target.NotMeasured(name, ">= 3x", why!, TargetKind.Timing));
        name = $"{key}: DeepClone at most 2x a hand-written clone";
        r = Ratio(result, typeof(SlimDeepCloneContender), typeof(HandWrittenCloneContender), Column.Serialize, out why);
        targets.Add(r is double hand
            ? Target.Judged(name, "<= 2x", $"{N(hand)}x", hand <= 2, TargetKind.Timing)
            : Target.NotMeasured(name, "<= 2x", why!, TargetKind.Timing));
    }

    private static string Bracket(double? batch) => batch is double b ? $" [{N(b)}x]" : "";

    private static string N(double value) => value.ToString(value >= 100 ? "0" : "0.##", CultureInfo.InvariantCulture);
}
