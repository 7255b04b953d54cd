using System.Net;
using NFX.Glue;
using NFX.Glue.Transport;

namespace NFX.Tests.Glue.Support;

/// <summary>A started server on loopback TCP (port 0) or in memory, and clients connected to it.</summary>
internal sealed class GlueTestHost : IAsyncDisposable
{
    private readonly List<GlueClient> _clients = new();

    private GlueTestHost(GlueTransportKind kind, GlueServer server)
    {
        Kind = kind;
        Server = server;
    }

    public GlueTransportKind Kind { get; }

    public GlueServer Server { get; }

    // No drain time: these tests stop the server to see pending calls fail at once (graceful stops: Tests/Glue/Cluster).
    public static GlueServerOptions DefaultServerOptions { get; } = new() { EndPoint = new IPEndPoint(IPAddress.Loopback, 0), ShutdownTimeout = TimeSpan.Zero };

    public static async Task<GlueTestHost> StartAsync(GlueTransportKind kind, Action<GlueServer> host, GlueServerOptions? options = null)
    {
        var server = new GlueServer(options ?? DefaultServerOptions);
        host(server);
        if (kind == GlueTransportKind.Tcp)
        {
            await server.StartAsync();
        }
        else
        {
            server.StartWithoutListener();
        }
        return new GlueTestHost(kind, server);
    }

    public GlueClient CreateClient(GlueClientOptions? options = null)
    {
        options ??= new GlueClientOptions();
        GlueClient client = Kind == GlueTransportKind.Tcp
            ? new GlueClient(Server.LocalEndPoint!, options)
            : new GlueClient(options.Connector is null ? options with { Connector = ConnectInMemory } : options);
        _clients.Add(client);
        return client;
    }

    private ValueTask<GlueTransport> ConnectInMemory(CancellationToken cancellationToken)
    {
        (PipeTransport clientEnd, PipeTransport serverEnd) = PipeTransport.CreatePair();
        _ = Server.Accept(serverEnd);
        return new ValueTask<GlueTransport>(clientEnd);
    }

    public async ValueTask DisposeAsync()
    {
        foreach (GlueClient client in _clients)
        {
            await client.DisposeAsync();
        }
        await Server.DisposeAsync();
    }
}
