using System.Diagnostics;
using Akka.Actor;
using NFX.Tests.Akka.Support;
using NFX.Tests.Support;

namespace NFX.Tests.Akka;

/// <summary>
/// A rolling upgrade of an Akka.NET application running on Slim with tolerant layouts, across two processes: this
/// process runs release 2 of a message assembly, a child process release 1 (same assembly and type names; fields added,
/// removed and widened, a cycle, a message in an object-typed field). Each release runs its client scenario against
/// the other release's actor: every message crosses in both directions and comes out right.
/// </summary>
public sealed class RollingUpgradeTests
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(120);

    private const string Tolerant = """
        akka.actor.serialization-settings.slim { allowed-namespaces = ["NFX.Tests.Akka", "AkkaUpgrade"], versioning = tolerant }
        """;

    [Test]
    public async Task ReleaseOneClient_ReleaseTwoDesk_EveryMessageArrivesRight()
    {
        string release1 = ReleaseOnePath();
        Assert.That(File.Exists(release1), Is.True, $"release 1 of the message assembly is built: {release1}");
        Assert.That(AkkaUpgrade.Scenario.Release, Is.EqualTo(2), "this process runs release 2");
        ActorSystem system = ActorSystem.Create("upgrade", AkkaConfigs.Of(AkkaConfigs.Remote, Tolerant));
        try
        {
            IActorRef desk = system.ActorOf(Props.Create<AkkaUpgrade.Desk>(), "desk");
            string path = desk.Path.ToStringWithAddress(AkkaConfigs.AddressOf(system));

            (int exitCode, string output) = await DotnetChild.RunAsync("NFX.Tests.AkkaUpgradeNode.dll", ["client", release1, path], s_timeout);

            Assert.That(exitCode, Is.Zero, output);
            Assert.That(output, Does.StartWith("ok"));
        }
        finally
        {
            await system.Terminate();
        }
    }

    [Test]
    public async Task ReleaseTwoClient_ReleaseOneDesk_EveryMessageArrivesRight()
    {
        string release1 = ReleaseOnePath();
        Assert.That(File.Exists(release1), Is.True, $"release 1 of the message assembly is built: {release1}");
        using Process node = DotnetChild.Start("NFX.Tests.AkkaUpgradeNode.dll", ["server", release1], redirectInput: true);
        ActorSystem system = ActorSystem.Create("upgrade", AkkaConfigs.Of(AkkaConfigs.Remote, Tolerant));
        try
        {
            string address = await ReadAddressAsync(node);
            IActorRef desk = await system.ActorSelection(address + "/user/desk").ResolveOne(s_timeout);

            string verdict = await AkkaUpgrade.Scenario.Run(desk);

            Assert.That(verdict, Is.EqualTo("ok"));
        }
        finally
        {
            node.StandardInput.Close();
            if (!node.WaitForExit(30_000))
            {
                node.Kill(entireProcessTree: true);
            }
            await system.Terminate();
        }
    }

    /// <summary>The address the release-1 node prints once it listens (bounded wait).</summary>
    private static async Task<string> ReadAddressAsync(Process node)
    {
        using var timeout = new CancellationTokenSource(s_timeout);
        string? line = await node.StandardOutput.ReadLineAsync(timeout.Token);
        while (line is not null && !line.StartsWith("address ", StringComparison.Ordinal))
        {
            line = await node.StandardOutput.ReadLineAsync(timeout.Token);
        }
        return line?["address ".Length..] ?? throw new AssertionException("the release-1 node printed no address: " + await node.StandardError.ReadToEndAsync());
    }

    private static string ReleaseOnePath()
    {
        var output = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar));
        string configuration = output.Parent!.Name;
        string tests = output.Parent.Parent!.Parent!.FullName;
        return Path.Combine(tests, "..", "TestAssets", "AkkaUpgrade", "DtoV1", "bin", configuration, output.Name, "NFX.Tests.AkkaUpgradeDto.dll");
    }
}
