using System.Net;
using NFX.Glue;
using NFX.Tests.RetryProbe;

namespace NFX.Tests.GlueCluster.Support;

/// <summary>In-process Glue servers hosting <see cref="IRetryProbe"/>, one service (with its own counters) per node.</summary>
internal sealed class RetryNodes : IAsyncDisposable
{
    private readonly GlueServer?[] _servers;

    private RetryNodes(int count)
    {
        _servers = new GlueServer?[count];
        Services = Enumerable.Range(0, count).Select(_ => new RetryProbeService()).ToArray();
        EndPoints = new IPEndPoint[count];
    }

    public RetryProbeService[] Services { get; }

    public IPEndPoint[] EndPoints { get; }

    /// <summary>Starts <paramref name="count"/> servers on <paramref name="addresses"/> (one each; default loopback) and one port when <paramref name="samePort"/>.</summary>
    public static async Task<RetryNodes> StartAsync(int count, IPAddress[]? addresses = null, bool samePort = false)
    {
        var nodes = new RetryNodes(count);
        int port = 0;
        for (int i = 0; i < count; i++)
        {
            var server = new GlueServer(new GlueServerOptions
            {
                EndPoint = new IPEndPoint(addresses?[i] ?? IPAddress.Loopback, samePort ? port : 0),
                ShutdownTimeout = TimeSpan.FromSeconds(5),
            });
            server.Host<IRetryProbe>(nodes.Services[i]);
            await server.StartAsync();
            nodes._servers[i] = server;
            nodes.EndPoints[i] = server.LocalEndPoint!;
            port = server.LocalEndPoint!.Port;
        }
        return nodes;
    }

    public GlueServer Server(int node) => _servers[node] ?? throw new InvalidOperationException($"Node {node} is down.");

    /// <summary>The in-process stand-in for a crash: listener and connections dropped, no Goodbye.</summary>
    public void Kill(int node)
    {
        (_servers[node] ?? throw new InvalidOperationException($"Node {node} is down.")).Kill();
        _servers[node] = null;
    }

    public async ValueTask DisposeAsync()
    {
        foreach (RetryProbeService service in Services)
        {
            service.Release();
        }
        foreach (GlueServer? server in _servers)
        {
            if (server is not null)
            {
                await server.DisposeAsync();
            }
        }
    }
}
