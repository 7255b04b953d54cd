using System.Globalization;
using System.Text;
using NFX.Perf.Quick;

namespace NFX.Perf.Soak;

/// <summary>The soak run as Markdown (docs/perf/soak.md when run with <c>--out</c>).</summary>
public static class SoakReport
{
    /// <summary>The whole report.</summary>
    public static string Markdown(SoakOptions options, SoakResult result)
    {
        var s = new StringBuilder();
        CultureInfo ic = CultureInfo.InvariantCulture;
        s.AppendLine("# Glue soak run");
        s.AppendLine();
        s.AppendLine(ic, $"`NFX.Slim.Perf soak {options.Duration.TotalMinutes:0.##}` ({result.Elapsed.TotalMinutes:0.0} min measured): {SoakOptions.Nodes} server nodes and " +
            $"{options.Clients} client processes x {options.Workers} workers on loopback, nodes 1 and 2 in turn killed (SIGKILL) " +
            $"{options.KillEvery.TotalSeconds:0} s after the last restart, hostile connections alongside, memory sampled every {options.SampleEvery.TotalSeconds:0.#} s.  ");
        s.AppendLine(ic, $"{MachineInfo.Current()}.  ");
        s.AppendLine(MachineInfo.DescribeLoad(result.LoadStart, result.LoadEnd, Environment.ProcessorCount));
        s.AppendLine();
        s.AppendLine(result.Passed ? "**Verdict: passed.**" : "**Verdict: FAILED:** " + string.Join("; ", result.Failures) + ".");
        s.AppendLine();
        s.AppendLine("## Calls");
        s.AppendLine();
        s.AppendLine("| kind | completed | documented errors | undocumented | wrong | hung |");
        s.AppendLine("|---|---:|---|---:|---:|---:|");
        SoakTally calls = result.Calls;
        string[] kinds = ["small", "dbwork", "large", "one-way", "canceled", "deadline", "execute-once"];
        foreach (string kind in kinds)
        {
            string documented = string.Join(", ", calls.Documented.Where(d => d.Key.StartsWith(kind + ": ", StringComparison.Ordinal))
                .OrderByDescending(d => d.Value).Select(d => $"{d.Key[(kind.Length + 2)..]} {d.Value:N0}"));
            s.AppendLine(ic, $"| {kind} | {calls.Completed.GetValueOrDefault(kind):N0} | {(documented.Length == 0 ? "-" : documented)} | " +
                $"{calls.Undocumented.GetValueOrDefault(kind):N0} | {calls.Wrong.GetValueOrDefault(kind):N0} | {calls.Hung.GetValueOrDefault(kind):N0} |");
        }
        long total = SoakTally.Total(calls.Completed) + SoakTally.Total(calls.Documented) + SoakTally.Total(calls.Undocumented) +
                     SoakTally.Total(calls.Wrong) + SoakTally.Total(calls.Hung);
        s.AppendLine();
        s.AppendLine(ic, $"{total:N0} calls ({total / Math.Max(1, result.Elapsed.TotalSeconds):N0}/s), {result.Kills} node kills, " +
            $"{result.Executions:N0} non-idempotent executions logged by the nodes, **{result.Duplicates} executed twice**, " +
            $"{result.ClientsHung} client process(es) that did not finish.");
        foreach (string example in calls.Examples)
        {
            s.AppendLine(ic, $"- {example}");
        }
        s.AppendLine();
        s.AppendLine("## Hostile connections");
        s.AppendLine();
        s.AppendLine("| kind: outcome | count |");
        s.AppendLine("|---|---:|");
        foreach ((string key, long count) in result.Hostile.Outcomes.OrderBy(o => o.Key, StringComparer.Ordinal))
        {
            s.AppendLine(ic, $"| {key} | {count:N0} |");
        }
        s.AppendLine();
        s.AppendLine("## Memory after warm-up (median of the first and last third of the samples after the first 30%)");
        s.AppendLine();
        s.AppendLine("| process | samples | GC heap start -> end (MiB) | RSS start -> end (MiB) | flat |");
        s.AppendLine("|---|---:|---|---|---|");
        foreach (SoakMemory m in result.Memory)
        {
            s.AppendLine(ic, $"| {m.Process} | {m.Samples} | {Mib(m.HeapStart)} -> {Mib(m.HeapEnd)} | {Mib(m.RssStart)} -> {Mib(m.RssEnd)} | {(m.IsFlat ? "yes" : "NO")} |");
        }
        return s.ToString();
    }

    private static string Mib(long bytes) => (bytes / 1048576.0).ToString("0.0", CultureInfo.InvariantCulture);
}
