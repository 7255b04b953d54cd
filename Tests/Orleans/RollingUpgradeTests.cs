using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using NFX.Slim;
using NFX.Slim.Orleans;
using NFX.Tests.Support;
using Orleans.Hosting;
using Orleans.Serialization;
using OrleansUpgrade;
using OrleansUpgrade.Grains;

namespace NFX.Tests.Orleans;

/// <summary>
/// A rolling upgrade of an Orleans application on Slim's fallback with tolerant layouts, across two processes: a silo
/// in a child process runs release 1 of a model assembly, this process's client release 2 (same assembly and type
/// names; a field removed, one added, a cycle, a model object in an object field). Values cross in both directions.
/// </summary>
public sealed class RollingUpgradeTests
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(120);

    [Test]
    public async Task ReleaseTwoClient_ReleaseOneSilo_ValuesCrossBothWays()
    {
        string release1 = ReleaseOnePath();
        Assert.That(File.Exists(release1), Is.True, $"release 1 of the model assembly is built: {release1}");
        Assert.That(Release.Number, Is.EqualTo(2), "this process runs release 2");
        int siloPort = FreePort(), gatewayPort = FreePort();
        using Process silo = DotnetChild.Start("NFX.Tests.OrleansUpgradeSilo.dll", [release1, siloPort.ToString(), gatewayPort.ToString()], redirectInput: true);
        try
        {
            await WaitForReadyAsync(silo);
            using IHost client = Host.CreateDefaultBuilder()
                .ConfigureLogging(logging => logging.SetMinimumLevel(LogLevel.Warning))
                .UseOrleansClient(orleans =>
                {
                    orleans.UseLocalhostClustering(gatewayPort, serviceId: "upgrade", clusterId: "upgrade");
                    orleans.Services.AddSerializer(serializer => serializer.AddSlimSerializer(options =>
                    {
                        options.AllowedNamespaces.Add("OrleansUpgrade");
                        options.Versioning = SlimVersioning.Tolerant;
                    }));
                })
                .Build();
            await client.StartAsync();
            IUpgradeGrain grain = client.Services.GetRequiredService<IClusterClient>().GetGrain<IUpgradeGrain>(0);

            string seenByRelease1 = await grain.Describe(Release.Sample());
            object echoed = await grain.Echo(Release.Sample());
            object madeByRelease1 = await grain.Make();

            Assert.That(seenByRelease1, Is.EqualTo("release 1: made-by-2 q=9 note=null cycle=True extra=extra-2 extraParent=True"),
                "release 1 reads release 2's order: the added Tags skipped, the removed Note null, cycle and object field kept");
            Assert.That(Release.Describe(echoed), Is.EqualTo("release 2: made-by-2 q=9 tags=untagged cycle=True extra=extra-2 extraParent=True"),
                "the round trip through release 1 drops Tags (release 1 never had it): release 2 reads its initializer");
            Assert.That(Release.Describe(madeByRelease1), Is.EqualTo("release 2: made-by-1 q=7 tags=untagged cycle=True extra=extra-1 extraParent=True"),
                "release 2 reads release 1's order: the removed Note skipped, Tags from its initializer");
            await client.StopAsync();
        }
        finally
        {
            silo.StandardInput.Close();
            if (!silo.WaitForExit(30_000))
            {
                silo.Kill(entireProcessTree: true);
            }
        }
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    /// <summary>Waits (bounded) for the release-1 silo to print "ready".</summary>
    private static async Task WaitForReadyAsync(Process silo)
    {
        using var timeout = new CancellationTokenSource(s_timeout);
        string? line = await silo.StandardOutput.ReadLineAsync(timeout.Token);
        while (line is not null && line != "ready")
        {
            line = await silo.StandardOutput.ReadLineAsync(timeout.Token);
        }
        if (line is null)
        {
            throw new AssertionException("the release-1 silo did not start: " + await silo.StandardError.ReadToEndAsync());
        }
    }

    private static string ReleaseOnePath()
    {
        var output = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar));
        string configuration = output.Parent!.Name;
        string tests = output.Parent.Parent!.Parent!.FullName;
        return Path.Combine(tests, "..", "TestAssets", "OrleansUpgrade", "ModelV1", "bin", configuration, output.Name, "NFX.Tests.OrleansUpgradeModel.dll");
    }
}
