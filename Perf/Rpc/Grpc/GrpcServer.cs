using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using NFX.Perf.Rpc.CodeFirst;
using ProtoBuf.Grpc.Server;

namespace NFX.Perf.Rpc.Grpc;

/// <summary>
/// Kestrel on a free loopback port, HTTP/2 cleartext only, hosting both gRPC contenders' services: grpc-dotnet
/// (Grpc.AspNetCore, <see cref="GrpcBenchService"/>) and protobuf-net.Grpc code-first (<see cref="CodeFirstBenchService"/>).
/// </summary>
public sealed class GrpcServer : IAsyncDisposable
{
    private readonly WebApplication _app;

    private GrpcServer(WebApplication app, int port)
    {
        _app = app;
        Port = port;
    }

    /// <summary>The loopback port it listens on.</summary>
    public int Port { get; }

    /// <summary>Starts Kestrel with both services.</summary>
    public static async Task<GrpcServer> StartAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.AddServerHeader = false;
            kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = HttpProtocols.Http2);
        });
        builder.Services.AddGrpc();
        builder.Services.AddCodeFirstGrpc();
        WebApplication app = builder.Build();
        app.MapGrpcService<GrpcBenchService>();
        app.MapGrpcService<CodeFirstBenchService>();
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        return new GrpcServer(app, new Uri(address).Port);
    }

    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(1));
        await _app.StopAsync(stop.Token);
        await _app.DisposeAsync();
    }
}
