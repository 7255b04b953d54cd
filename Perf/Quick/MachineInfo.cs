using System.Diagnostics;
using System.Runtime.InteropServices;

namespace NFX.Perf.Quick;

/// <summary>Where the numbers came from: CPU, cores, OS, runtime, date, commit.</summary>
public sealed record MachineInfo(string Cpu, int Cores, string Os, string Runtime, DateTime DateUtc, string? Commit)
{
    /// <summary>The 1-minute load average (Linux), or null: a loaded machine makes every number noisier.</summary>
    public static double? LoadAverage()
    {
        try
        {
            const string LoadAvg = "/proc/loadavg";
            return File.Exists(LoadAvg)
                ? double.Parse(File.ReadAllText(LoadAvg).Split(' ')[0], System.Globalization.CultureInfo.InvariantCulture)
                : null;
        }
        catch (Exception ex) when (ex is IOException or FormatException)
        {
            return null;
        }
    }

    /// <summary>Describes the current machine.</summary>
    public static MachineInfo Current() => new(
        CpuModel(),
        Environment.ProcessorCount,
        RuntimeInformation.OSDescription,
        RuntimeInformation.FrameworkDescription + " " + RuntimeInformation.ProcessArchitecture,
        DateTime.UtcNow,
        GitCommit());

    /// <summary>One line for the report header.</summary>
    public override string ToString() =>
        $"{Cpu}, {Cores} logical cores, {Os}, {Runtime}, {DateUtc:yyyy-MM-dd HH:mm} UTC" + (Commit is null ? "" : $", commit {Commit}");

    private static string CpuModel()
    {
        try
        {
            const string CpuInfo = "/proc/cpuinfo";
            if (File.Exists(CpuInfo))
            {
                string? line = File.ReadLines(CpuInfo).FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal));
                if (line is not null)
                {
                    return line[(line.IndexOf(':') + 1)..].Trim();
                }
            }
        }
        catch (IOException)
        {
        }
        return RuntimeInformation.ProcessArchitecture + " CPU (model unknown)";
    }

    private static string? GitCommit()
    {
        try
        {
            var start = new ProcessStartInfo("git", "rev-parse --short HEAD")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
                WorkingDirectory = AppContext.BaseDirectory,
            };
            using Process? git = Process.Start(start);
            if (git is null)
            {
                return null;
            }
            string output = git.StandardOutput.ReadToEnd().Trim();
            git.WaitForExit(5000);
            return git.ExitCode == 0 && output.Length > 0 ? output : null;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }

    /// <summary>The load line of a report: the load average around the run, and what it means for the numbers.</summary>
    public static string DescribeLoad(double start, double? end, int cores)
    {
        double peak = Math.Max(start, end ?? start);
        string meaning = peak > cores
            ? "above the core count: other processes competed for the CPU, so times are inflated and noisy"
            : "at or below the core count";
        // At the start of a run the end is not known yet: say the start alone rather than "NaN".
        return end is double known
            ? $"Load average (1 min) at start / end: {start:0.0} / {known:0.0} on {cores} cores ({meaning}).  "
            : $"Load average (1 min) at start: {start:0.0} on {cores} cores ({meaning}).  ";
    }
}
