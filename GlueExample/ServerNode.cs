using System.Net;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace NFX.Glue.Example;

/// <summary>The server node: a generic host with a Glue server from DI; runs until Ctrl+C.</summary>
internal static class ServerNode
{
    public static async Task RunAsync(IPEndPoint bindTo, string secret)
    {
        HostApplicationBuilder builder = Host.CreateApplicationBuilder();
        builder.Services
            .AddGlueServer(new GlueServerOptions
            {
                EndPoint = bindTo,
                Authenticator = new SharedSecretAuthenticator(secret),
            })
            .AddService<IInventory, InventoryService>(GlueInstanceMode.Singleton);
        using IHost host = builder.Build();
        await host.StartAsync();
        Console.WriteLine($"Glue server listening on {host.Services.GetRequiredService<GlueServer>().LocalEndPoint}; Ctrl+C stops it.");
        await host.WaitForShutdownAsync();
    }
}
