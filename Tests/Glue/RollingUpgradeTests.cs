using System.Diagnostics;
using System.Net;
using NFX.Glue;

namespace NFX.Tests.Glue;

/// <summary>
/// A rolling upgrade across two processes: this process serves release 2 of a contract's DTO assembly, a child process
/// runs a client built on release 1 (same assembly name, same type names; fields added, removed and widened, a DTO in a
/// cycle and one in an object-typed field) and every call must succeed with the right values in both directions.
/// </summary>
public sealed class RollingUpgradeTests
{
    private static readonly TimeSpan s_childTimeout = TimeSpan.FromSeconds(120);

    [Test]
    public async Task ReleaseOneClient_ReleaseTwoServer_EveryCallSucceedsWithTheRightValues()
    {
        await using var server = new GlueServer(new GlueServerOptions { EndPoint = new IPEndPoint(IPAddress.Loopback, 0) });
        server.Host<Upgrade.IOrders>(new Upgrade.Service());
        await server.StartAsync();

        string release1 = ReleaseOnePath();
        Assert.That(File.Exists(release1), Is.True, $"release 1 of the DTO assembly is built: {release1}");
        Assert.That(typeof(Upgrade.Order).GetField("Id")!.FieldType, Is.EqualTo(typeof(long)), "this process runs release 2");

        (int exitCode, string output) = await RunClientAsync(release1, server.LocalEndPoint!.Port);

        Assert.That(exitCode, Is.Zero, output);
        Assert.That(output, Does.StartWith("ok"));
    }

    /// <summary>Release 1's output folder, beside this test assembly's (same configuration).</summary>
    private static string ReleaseOnePath()
    {
        var output = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar));
        string configuration = output.Parent!.Name;
        string tests = output.Parent.Parent!.Parent!.FullName;
        return Path.Combine(tests, "Upgrade", "DtoV1", "bin", configuration, output.Name, "NFX.Tests.UpgradeDto.dll");
    }

    private static async Task<(int ExitCode, string Output)> RunClientAsync(string dto, int port)
    {
        string node = Path.Combine(AppContext.BaseDirectory, "NFX.Tests.UpgradeNode.dll");
        var start = new ProcessStartInfo(DotnetHost()) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(node);
        start.ArgumentList.Add("client");
        start.ArgumentList.Add(dto);
        start.ArgumentList.Add(port.ToString(System.Globalization.CultureInfo.InvariantCulture));
        using Process child = Process.Start(start)!;
        Task<string> output = child.StandardOutput.ReadToEndAsync();
        Task<string> errors = child.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(s_childTimeout);
        try
        {
            await child.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            child.Kill(entireProcessTree: true);
            Assert.Fail($"the release-1 client did not finish within {s_childTimeout.TotalSeconds} s");
        }
        return (child.ExitCode, (await output) + (await errors));
    }

    /// <summary>The dotnet host running these tests (the SDK sets DOTNET_HOST_PATH), else the one on PATH.</summary>
    private static string DotnetHost()
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
