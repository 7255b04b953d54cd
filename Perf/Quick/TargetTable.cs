using System.Text;

namespace NFX.Perf.Quick;

/// <summary>The targets of one part of the run (serialization, cache, Akka, RPC, streaming), rendered one way everywhere.</summary>
/// <param name="Title">The part's name in the summary, e.g. "RPC".</param>
/// <param name="Targets">Its targets in table order.</param>
public sealed record TargetTable(string Title, IReadOnlyList<Target> Targets)
{
    /// <summary>How many targets have <paramref name="verdict"/>.</summary>
    public int Count(Verdict verdict) => Targets.Count(t => t.Verdict == verdict);

    /// <summary>The markdown table: Target | Goal | Measured | Result (met / missed / not measured).</summary>
    public string ToMarkdown()
    {
        var text = new StringBuilder();
        text.AppendLine("| Target | Goal | Measured | Result |");
        text.AppendLine("|---|---|---|---|");
        foreach (Target target in Targets)
        {
            text.AppendLine($"| {Format.Cell(target.Name)} | {Format.Cell(target.Goal)} | {Format.Cell(target.Measured)} | {Format.Cell(target.Result)} |");
        }
        return text.ToString();
    }
}
