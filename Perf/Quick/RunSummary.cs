using System.Globalization;
using System.Text;

namespace NFX.Perf.Quick;

/// <summary>
/// The block that ends a run: per target table how many targets were met, missed and not measured; then the misses
/// the load cannot explain (sizes, allocations) apart from the timing misses that may be the load, and what was not
/// measured, each with its table and why.
/// </summary>
public static class RunSummary
{
    /// <summary>The summary of <paramref name="tables"/>; <paramref name="load"/> is the 1-minute load average around the run.</summary>
    public static string Build(IReadOnlyList<TargetTable> tables, (double? Start, double? End) load, int cores)
    {
        var text = new StringBuilder();
        text.AppendLine("## Summary").AppendLine();
        if (tables.Count == 0)
        {
            return text.AppendLine("No part of the run has targets (the filter selected none).").ToString();
        }
        text.AppendLine("| Targets | met | missed | not measured |");
        text.AppendLine("|---|--:|--:|--:|");
        foreach (TargetTable table in tables)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"| {table.Title} | {table.Count(Verdict.Met)} | {table.Count(Verdict.Missed)} | {table.Count(Verdict.NotMeasured)} |");
        }
        text.AppendLine(CultureInfo.InvariantCulture,
            $"| all | {tables.Sum(t => t.Count(Verdict.Met))} | {tables.Sum(t => t.Count(Verdict.Missed))} | {tables.Sum(t => t.Count(Verdict.NotMeasured))} |");
        text.AppendLine();

        AppendList(text, "Missed sizes and allocations (the same on any machine: the load does not explain them)",
            tables, t => t.Verdict == Verdict.Missed && t.Kind != TargetKind.Timing);
        AppendList(text, "Missed timings (" + TimingCaveat(load, cores) + ")",
            tables, t => t.Verdict == Verdict.Missed && t.Kind == TargetKind.Timing);
        AppendList(text, "Not measured", tables, t => t.Verdict == Verdict.NotMeasured);
        return text.ToString();
    }

    /// <summary>What a busy or quiet machine means for the timing misses, and only for them.</summary>
    public static string TimingCaveat((double? Start, double? End) load, int cores)
    {
        if (load.Start is not double start)
        {
            return "load unknown on this OS";
        }
        double peak = Math.Max(start, load.End ?? start);
        return peak > cores
            ? string.Create(CultureInfo.InvariantCulture, $"the machine was busy, load {peak:0.0} on {cores} cores: these may be the load; rerun on a quiet machine")
            : string.Create(CultureInfo.InvariantCulture, $"load {peak:0.0} on {cores} cores, a quiet machine: these are the code's");
    }

    private static void AppendList(StringBuilder text, string heading, IReadOnlyList<TargetTable> tables, Func<Target, bool> select)
    {
        var lines = tables.SelectMany(table => table.Targets.Where(select).Select(target => Line(table, target))).ToList();
        text.AppendLine(CultureInfo.InvariantCulture, $"{heading}: {(lines.Count == 0 ? "none." : lines.Count.ToString(CultureInfo.InvariantCulture))}");
        foreach (string line in lines)
        {
            text.AppendLine(line);
        }
        text.AppendLine();
    }

    private static string Line(TargetTable table, Target target) => target.Verdict == Verdict.NotMeasured
        ? $"- {table.Title}: {target.Name}: {target.Why}"
        : $"- {table.Title}: {target.Name}: {target.Measured} (goal {target.Goal})" + (target.Why is null ? "" : $"; {target.Why}");
}
