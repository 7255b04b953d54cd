using System.Diagnostics;

namespace NFX.Tests.Support;

/// <summary>
/// A .NET program built next to the tests, run in a child process by the dotnet host that runs the tests: the one
/// place for the host lookup, the redirected streams and the bounded wait with a kill that the two-process tests share.
/// </summary>
public static class DotnetChild
{
    /// <summary>Starts <paramref name="assembly"/> (a file name in the test output folder) with <paramref name="arguments"/>.</summary>
    /// <param name="assembly">The program's dll, e.g. "NFX.Tests.UpgradeNode.dll".</param>
    /// <param name="arguments">Its command line.</param>
    /// <param name="environment">Variables to set for it, or null.</param>
    /// <param name="redirectInput">True when the test writes to (or closes) the child's standard input.</param>
    public static Process Start(string assembly, IEnumerable<string> arguments, IReadOnlyDictionary<string, string>? environment = null,
        bool redirectInput = false)
    {
        string path = Path.Combine(AppContext.BaseDirectory, assembly);
        if (!File.Exists(path))
        {
            throw new AssertionException($"the child program is built next to the tests: {path}");
        }
        var start = new ProcessStartInfo(Host())
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = redirectInput,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(path);
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }
        foreach ((string name, string value) in environment ?? new Dictionary<string, string>())
        {
            start.Environment[name] = value;
        }
        return Process.Start(start) ?? throw new AssertionException($"could not start {assembly}");
    }

    /// <summary>
    /// Runs <paramref name="assembly"/> to its end and returns its exit code and its output (standard output, then
    /// standard error); kills it and fails the test when it runs longer than <paramref name="timeout"/>.
    /// </summary>
    public static async Task<(int ExitCode, string Output)> RunAsync(string assembly, IEnumerable<string> arguments, TimeSpan timeout,
        IReadOnlyDictionary<string, string>? environment = null)
    {
        using Process child = Start(assembly, arguments, environment);
        Task<string> output = child.StandardOutput.ReadToEndAsync();
        Task<string> errors = child.StandardError.ReadToEndAsync();
        using var limit = new CancellationTokenSource(timeout);
        try
        {
            await child.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            child.Kill(entireProcessTree: true);
            throw new AssertionException($"{assembly} {string.Join(' ', arguments)} did not finish within {timeout.TotalSeconds} s");
        }
        return (child.ExitCode, (await output) + (await errors));
    }

    /// <summary>The dotnet host running these tests (the SDK sets DOTNET_HOST_PATH), else the one on PATH.</summary>
    public static string Host()
    {
        string? host = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH");
        if (!string.IsNullOrEmpty(host) && File.Exists(host))
        {
            return host;
        }
        string? current = Environment.ProcessPath;
        return current is not null && Path.GetFileNameWithoutExtension(current) == "dotnet" ? current : "dotnet";
    }
}
