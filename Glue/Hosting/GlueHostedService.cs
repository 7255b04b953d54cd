using Microsoft.Extensions.Hosting;

namespace NFX.Glue.Hosting;

/// <summary>Starts the DI-registered <see cref="GlueServer"/> with the host and stops it with the host.</summary>
internal sealed class GlueHostedService(GlueServer server) : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken) => server.StartAsync(cancellationToken);

    public Task StopAsync(CancellationToken cancellationToken) => server.StopAsync(cancellationToken);
}
