using System.Net;
using NFX.Glue;

namespace NFX.Tests.GlueCluster.Support;

/// <summary>N in-process Glue servers on loopback ports; a node can be killed (sockets dropped) and restarted on its port.</summary>
internal sealed class ClusterNodes : IAsyncDisposable
{
    private readonly GlueServer?[] _servers;
    private readonly Func<int, GlueServerOptions, GlueServerOptions> _configure;

    private ClusterNodes(int count, Func<int, GlueServerOptions, GlueServerOptions> configure)
    {
        _servers = new GlueServer?[count];
        _configure = configure;
        Services = Enumerable.Range(0, count).Select(i => new ProbeService(i)).ToArray();
        EndPoints = new IPEndPoint[count];
    }

    public ProbeService[] Services { get; }

    public IPEndPoint[] EndPoints { get; }

    public GlueServer Server(int node) => _servers[node] ?? throw new InvalidOperationException($"Node {node} is down.");

    public static async Task<ClusterNodes> StartAsync(int count, Func<int, GlueServerOptions, GlueServerOptions>? configure = null)
    {
        var nodes = new ClusterNodes(count, configure ?? ((_, o) => o));
        for (int i = 0; i < count; i++)
        {
            await nodes.StartNodeAsync(i, new IPEndPoint(IPAddress.Loopback, 0));
        }
        return nodes;
    }

    /// <summary>The in-process stand-in for a crash: listener and connections dropped, no Goodbye.</summary>
    public void Kill(int node)
    {
        Server(node).Kill();
        _servers[node] = null;
    }

    /// <summary>Starts the node again on the port it had.</summary>
    public Task RestartAsync(int node) => StartNodeAsync(node, EndPoints[node]);

    public GlueClient CreateClient(GlueClientOptions? options = null) =>
        new(EndPoints, options ?? FastReconnect);

    /// <summary>Client options for the tests: quick reconnects (50 ms doubling to 400 ms).</summary>
    public static GlueClientOptions FastReconnect { get; } = new()
    {
        ReconnectDelay = TimeSpan.FromMilliseconds(50),
        MaxReconnectDelay = TimeSpan.FromMilliseconds(400),
        DefaultDeadline = TimeSpan.FromSeconds(30),
    };

    public async ValueTask DisposeAsync()
    {
        foreach (ProbeService service in Services)
        {
            service.OpenGate();
        }
        foreach (GlueServer? server in _servers)
        {
            if (server is not null)
            {
                await server.DisposeAsync();
            }
        }
    }

    private async Task StartNodeAsync(int node, IPEndPoint endPoint)
    {
        var options = _configure(node, new GlueServerOptions { EndPoint = endPoint, ShutdownTimeout = TimeSpan.FromSeconds(5) });
        var server = new GlueServer(options);
        server.Host<INodeProbe>(Services[node]);
        await server.StartAsync();
        _servers[node] = server;
        EndPoints[node] = server.LocalEndPoint!;
    }
}
