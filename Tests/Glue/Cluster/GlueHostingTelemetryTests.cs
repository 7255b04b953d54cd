using System.Diagnostics.Metrics;
using System.Net;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using NFX.Glue;
using NFX.Tests.GlueCluster.Support;

namespace NFX.Tests.GlueCluster;

/// <summary>A server hosted with DI logs through the container's ILoggerFactory and measures through its IMeterFactory.</summary>
public sealed class GlueHostingTelemetryTests
{
    [Test]
    public async Task AddGlueServer_ContainerHasLoggingAndMeters_TheServerUsesThem()
    {
        var logs = new ListLoggerFactory();
        using var meters = new TestMeterFactory();
        var services = new ServiceCollection();
        services.AddSingleton<ILoggerFactory>(logs);
        services.AddSingleton<IMeterFactory>(meters);
        services.AddGlueServer(new GlueServerOptions { EndPoint = new IPEndPoint(IPAddress.Loopback, 0) })
            .AddService<INodeProbe>(new ProbeService(7));
        await using ServiceProvider provider = services.BuildServiceProvider();
        IHostedService hosted = provider.GetServices<IHostedService>().Single();
        await hosted.StartAsync(CancellationToken.None);
        await using (var client = new GlueClient(provider.GetRequiredService<GlueServer>().LocalEndPoint!))
        {
            Assert.That(await client.GetProxy<INodeProbe>().Whoami(), Is.EqualTo(7));
        }
        await hosted.StopAsync(CancellationToken.None);

        Assert.That(logs.Entries.Select(e => e.Id.Id), Does.Contain(1).And.Contain(2).And.Contain(3), "started, stopping, stopped");
        Assert.That(meters.Meters.Select(m => m.Name), Does.Contain(GlueTelemetry.Name));
    }
}
