using System.Diagnostics;
using NFX.Perf.Soak;

namespace NFX.Tests.Perf;

/// <summary>
/// The one-minute Glue soak (the CI version of <c>NFX.Slim.Perf soak MINUTES</c>): three nodes and two client
/// processes on loopback, a node killed and restarted every 10 s, hostile connections alongside; the run itself asserts
/// no hung call, documented errors only, no duplicate execution and flat memory, and exits 0 only if all hold.
/// </summary>
[NonParallelizable] // five processes on two cores: it needs the machine to itself
public sealed class SoakTests
{
    [Test]
    public void Soak_OneMinute_PassesEveryCheck()
    {
        string perf = Path.Combine(TestContext.CurrentContext.TestDirectory, OperatingSystem.IsWindows() ? "NFX.Slim.Perf.exe" : "NFX.Slim.Perf");
        var start = new ProcessStartInfo(perf) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string arg in new[] { SoakRunner.Verb, "1", "--clients", "2", "--workers", "3" })
        {
            start.ArgumentList.Add(arg);
        }
        using Process process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        Task<string> errors = process.StandardError.ReadToEndAsync();
        bool exited = process.WaitForExit(TimeSpan.FromMinutes(5));
        if (!exited)
        {
            process.Kill(entireProcessTree: true);
        }
        string report = output.Result;
        TestContext.Out.WriteLine(report);
        TestContext.Out.WriteLine(errors.Result);
        Assert.Multiple(() =>
        {
            Assert.That(exited, Is.True, "the soak did not finish within 5 minutes");
            Assert.That(report, Does.Contain("**Verdict: passed.**"));
            Assert.That(process.ExitCode, Is.Zero);
        });
    }
}
