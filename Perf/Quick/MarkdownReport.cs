using System.Text;
using NFX.Perf.Cloning;
using NFX.Perf.Contenders;

namespace NFX.Perf.Quick;

/// <summary>Renders the quick run as markdown: one table per workload, the clone tables and the targets.</summary>
public static class MarkdownReport
{
    /// <summary>The reference of the serialization tables.</summary>
    public static readonly Type Reference = typeof(SlimPerCallContender);

    private const string ReferenceName = SlimPerCallContender.ContenderName;

    /// <summary>The whole report (header, tables, targets).</summary>
    public static string Build(QuickRun run)
    {
        var text = new StringBuilder();
        text.AppendLine("# Slim side by side: quick mode results").AppendLine();
        text.AppendLine($"Machine: {run.Machine}.  ");
        text.AppendLine($"{PeerVersions.Line()}  ");
        if (run.Load.Start is double loadStart)
        {
            text.AppendLine(MachineInfo.DescribeLoad(loadStart, run.Load.End, run.Machine.Cores));
        }
        if (run.Options.PerzonLoop != Workloads.WorkloadCatalog.FullPerzonLoop)
        {
            text.AppendLine($"Perzon loop scaled to {run.Options.PerzonLoop:N0} objects (the ancestor's 500,000: `quick --loop 500000`); every contender runs the same op.  ");
        }
        text.AppendLine($"Command: `{run.Command}` ({run.Elapsed.TotalSeconds:0} s wall time, " +
            $"{run.Options.Budget.TotalMilliseconds:0} ms timing budget per direction in 5 interleaved rounds (every contender once per round), median of each round's batches, then median of the rounds, single thread).").AppendLine();
        text.AppendLine("Every contender's output was round-tripped and compared with the original (Perf/Verification/GraphComparer: " +
            "field by field, including which objects are shared and the cycles) before anything was timed; a contender that " +
            "threw or lost data shows FAILED with the first difference and is not timed. A contender that cannot represent a " +
            "workload is left out of its table and listed once under \"Not applicable\" with the reason.").AppendLine();
        text.AppendLine($"Each cell: value (value / {ReferenceName}'s value): above 1x means slower, bigger or more allocation " +
            $"than {ReferenceName}. Allocation = GC.GetAllocatedBytesForCurrentThread per op. Charts: the `.svg` file beside this one " +
            "per workload.").AppendLine();

        text.AppendLine("## Targets").AppendLine();
        text.AppendLine(TargetsReport.Build(run)).AppendLine();

        text.AppendLine("## Serialization").AppendLine();
        foreach (WorkloadResult result in run.Workloads)
        {
            AppendTable(text, result);
        }
        text.Append(NotApplicable(run.Workloads));
        if (run.Clones.Count > 0)
        {
            text.AppendLine("## Deep clone").AppendLine();
            foreach (WorkloadResult result in run.Clones)
            {
                AppendCloneTable(text, result);
            }
        }
        AppendNotes(text);
        return text.ToString();
    }

    /// <summary>One serialization table.</summary>
    public static void AppendTable(StringBuilder text, WorkloadResult result)
    {
        text.AppendLine($"### {result.Title} (`{result.Key}`)").AppendLine();
        text.AppendLine($"{result.Description} Objects in one root (strings excluded): {result.ObjectCount:N0}.").AppendLine();
        ContenderResult? reference = result.Row(Reference) is { Status: CellStatus.Measured } r ? r : null;
        if (reference is null)
        {
            text.AppendLine($"_No ratios: {ReferenceName} did not pass verification on this workload._").AppendLine();
        }
        text.AppendLine("| Contender | Serialize / op | Deserialize / op | Payload / op | Alloc serialize / op | Alloc deserialize / op | Status |");
        text.AppendLine("|---|--:|--:|--:|--:|--:|---|");
        foreach (ContenderResult row in result.Rows.Where(r => r.Status != CellStatus.NotApplicable))
        {
            if (row.Status != CellStatus.Measured)
            {
                text.AppendLine($"| {row.Contender} | FAILED | FAILED | FAILED | FAILED | FAILED | FAILED: {Format.Cell(row.Reason ?? "")} |");
                continue;
            }
            Measurement s = row.Serialize!;
            Measurement d = row.Deserialize!;
            text.AppendLine($"| {row.Contender} " +
                $"| {Format.Time(s.NanosecondsPerOp)}{Ratio(s.NanosecondsPerOp, reference?.Serialize!.NanosecondsPerOp)} " +
                $"| {Format.Time(d.NanosecondsPerOp)}{Ratio(d.NanosecondsPerOp, reference?.Deserialize!.NanosecondsPerOp)} " +
                $"| {Format.Bytes(row.PayloadBytes)}{Ratio(row.PayloadBytes, reference?.PayloadBytes)} " +
                $"| {Format.ApproxBytes(s.AllocatedBytesPerOp)}{Ratio(s.AllocatedBytesPerOp, reference?.Serialize!.AllocatedBytesPerOp)} " +
                $"| {Format.ApproxBytes(d.AllocatedBytesPerOp)}{Ratio(d.AllocatedBytesPerOp, reference?.Deserialize!.AllocatedBytesPerOp)} " +
                $"| ok ({s.Batches}+{d.Batches} batches) |");
        }
        text.AppendLine();
    }

    /// <summary>
    /// One line per contender that cannot represent some workloads (n/a), with the workloads and the reason, instead of
    /// an n/a row in every table; empty when every contender ran everything.
    /// </summary>
    public static string NotApplicable(IEnumerable<WorkloadResult> results)
    {
        var lines = results
            .SelectMany(w => w.Rows.Where(r => r.Status == CellStatus.NotApplicable).Select(r => (Workload: w.Key, Row: r)))
            .GroupBy(x => x.Row.Contender, StringComparer.Ordinal)
            .Select(g => $"- **{g.Key}**: " + string.Join("; ", g.GroupBy(x => x.Row.Reason ?? "", StringComparer.Ordinal)
                .Select(r => $"{string.Join(", ", r.Select(x => x.Workload))} ({r.Key})")))
            .ToList();
        if (lines.Count == 0)
        {
            return "";
        }
        var text = new StringBuilder("## Not applicable (left out of the tables)").AppendLine().AppendLine();
        foreach (string line in lines)
        {
            text.AppendLine(line);
        }
        return text.AppendLine().ToString();
    }

    /// <summary>One deep-clone table.</summary>
    public static void AppendCloneTable(StringBuilder text, WorkloadResult result)
    {
        const string CloneReference = SlimDeepCloneContender.ContenderName;
        text.AppendLine($"### {result.Title}").AppendLine();
        ContenderResult? reference = result.Row(typeof(SlimDeepCloneContender)) is { Status: CellStatus.Measured } r ? r : null;
        if (reference is null)
        {
            text.AppendLine($"_No ratios: {CloneReference} did not pass verification on this workload._").AppendLine();
        }
        text.AppendLine($"| Method | Time / op | Alloc / op | Status |");
        text.AppendLine("|---|--:|--:|---|");
        foreach (ContenderResult row in result.Rows)
        {
            if (row.Status != CellStatus.Measured)
            {
                text.AppendLine($"| {row.Contender} | FAILED | FAILED | FAILED: {Format.Cell(row.Reason ?? "")} |");
                continue;
            }
            Measurement m = row.Serialize!;
            text.AppendLine($"| {row.Contender} | {Format.Time(m.NanosecondsPerOp)}{Ratio(m.NanosecondsPerOp, reference?.Serialize!.NanosecondsPerOp)} " +
                $"| {Format.ApproxBytes(m.AllocatedBytesPerOp)}{Ratio(m.AllocatedBytesPerOp, reference?.Serialize!.AllocatedBytesPerOp)} | ok |");
        }
        text.AppendLine().AppendLine($"Ratios are to {CloneReference}.").AppendLine();
    }

    private static void AppendNotes(StringBuilder text)
    {
        text.AppendLine("## How each contender is configured").AppendLine();
        foreach (Contender contender in ContenderCatalog.All())
        {
            string notes = contender.Notes ?? "";
            text.AppendLine($"- **{contender.Name}**: {notes}");
        }
        text.AppendLine("- **Deep clone**: Slim.DeepClone (in memory), Slim Serialize + Deserialize (PerCall), and a hand-written " +
            "copy (Perf/Cloning/HandCloner.cs) that keeps the sharing structure with identity maps.");
        text.AppendLine();
    }

    private static string Ratio(double value, double? reference) =>
        reference is double r ? $" ({Format.Ratio(value, r)})" : "";
}
