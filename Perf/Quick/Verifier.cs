using System.Text.RegularExpressions;
using NFX.Perf.Contenders;
using NFX.Perf.Verification;
using NFX.Perf.Workloads;

namespace NFX.Perf.Quick;

/// <summary>
/// Round-trips every root through a contender and compares the copy with the original (<see cref="GraphComparer"/>)
/// before anything is timed, so a contender that loses data cannot look fast.
/// </summary>
public static partial class Verifier
{
    private static readonly Regex s_repeatedMember = RepeatedMember();

    /// <summary>The contender's prepared roots and payloads, or why it failed.</summary>
    public sealed record Outcome(string? Failure, object[] Prepared, byte[][] Payloads)
    {
        /// <summary>True when every root survived the round trip.</summary>
        public bool Succeeded => Failure is null;
    }

    /// <summary>Sets the contender up for <paramref name="workload"/> and verifies it on every root.</summary>
    public static Outcome Run(Contender contender, Workload workload, IReadOnlyList<object> roots)
    {
        var prepared = new object[roots.Count];
        var payloads = new byte[roots.Count][];
        try
        {
            contender.Setup(workload, roots);
            for (int i = 0; i < roots.Count; i++)
            {
                prepared[i] = contender.Prepare(roots[i]);
                payloads[i] = contender.Serialize(prepared[i]).ToArray();
                object? copy = contender.ToModel(contender.Deserialize(payloads[i]));
                GraphComparison comparison = GraphComparer.Compare(roots[i], copy);
                if (!comparison.AreEqual)
                {
                    string which = roots.Count > 1 ? $"root #{i}: " : "";
                    return new Outcome(which + comparison.Difference, [], []);
                }
            }
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            return new Outcome(Describe(ex), [], []);
        }
        return new Outcome(null, prepared, payloads);
    }

    /// <summary>"Type: message" of the innermost useful exception, on one line.</summary>
    public static string Describe(Exception ex)
    {
        Exception shown = ex is System.Reflection.TargetInvocationException { InnerException: { } inner } ? inner : ex;
        // A path like $.Next.Next.Next... (a million links) collapses to $.Next x N.
        string message = s_repeatedMember.Replace(shown.Message.ReplaceLineEndings(" "), m => $"{m.Groups[1].Value} x {m.Groups[2].Captures.Count + 1}");
        if (shown.InnerException is { } cause)
        {
            message += $" ({cause.GetType().Name}: {s_repeatedMember.Replace(cause.Message.ReplaceLineEndings(" "), m => $"{m.Groups[1].Value} x {m.Groups[2].Captures.Count + 1}")})";
        }
        if (message.Length > 300)
        {
            message = message[..300] + "...";
        }
        return $"{shown.GetType().Name}: {message}";
    }

    [GeneratedRegex(@"(\.\w+)(\1){3,}(\.\.\.)?")]
    private static partial Regex RepeatedMember();
}
