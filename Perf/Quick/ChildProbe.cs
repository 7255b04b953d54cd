using System.Diagnostics;
using NFX.Perf.Contenders;
using NFX.Perf.Workloads;

namespace NFX.Perf.Quick;

/// <summary>
/// Verifies a contender on a deep workload in a child process first: a recursive serializer overflows the stack
/// on a million-node list, and a StackOverflowException cannot be caught, it kills the process.
/// </summary>
public static class ChildProbe
{
    /// <summary>The command-line verb of the child.</summary>
    public const string Verb = "probe";

    private const string OkLine = "PROBE-OK";
    private const string FailedPrefix = "PROBE-FAILED: ";

    /// <summary>Runs the probe in a child; returns null when the contender survived, else why it failed.</summary>
    public static string? Run(Workload workload, Contender contender, TimeSpan timeout)
    {
        ProcessStartInfo start = SelfProcess.StartInfo(Verb, workload.Key, contender.Name);
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        using Process child = Process.Start(start) ?? throw new InvalidOperationException("Could not start the probe process.");
        Task<string> stdout = child.StandardOutput.ReadToEndAsync();
        Task<string> stderr = child.StandardError.ReadToEndAsync();
        if (!child.WaitForExit(timeout))
        {
            child.Kill(entireProcessTree: true);
            return $"did not finish within {timeout.TotalSeconds:0} s (checked in a child process)";
        }
        string output = stdout.Result;
        string errors = stderr.Result;
        if (child.ExitCode == 0 && output.Contains(OkLine, StringComparison.Ordinal))
        {
            return null;
        }
        int failed = output.IndexOf(FailedPrefix, StringComparison.Ordinal);
        if (failed >= 0)
        {
            return output[(failed + FailedPrefix.Length)..].Trim();
        }
        return errors.Contains("Stack overflow", StringComparison.OrdinalIgnoreCase)
            ? $"stack overflow: the process crashed (exit code {child.ExitCode}; caught in a child process)"
            : $"the process crashed (exit code {child.ExitCode}; caught in a child process)";
    }

    /// <summary>The child's side: verify and print the outcome; a crash speaks for itself.</summary>
    public static int RunChild(string workloadKey, string contenderName)
    {
        Workload workload = WorkloadCatalog.Find(workloadKey) ?? throw new ArgumentException($"Unknown workload '{workloadKey}'.");
        Contender contender = ContenderCatalog.Find(contenderName) ?? throw new ArgumentException($"Unknown contender '{contenderName}'.");
        Verifier.Outcome outcome = Verifier.Run(contender, workload, workload.CreateRoots());
        Console.Out.WriteLine(outcome.Succeeded ? OkLine : FailedPrefix + outcome.Failure);
        return outcome.Succeeded ? 0 : 1;
    }
}
