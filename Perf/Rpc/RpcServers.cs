using System.Net;
using NFX.Glue;

namespace NFX.Perf.Rpc;

/// <summary>The three benchmark servers on free loopback ports: Glue, gRPC (h2c on Kestrel) and the raw-socket baseline.</summary>
public sealed class RpcServers : IAsyncDisposable
{
    private readonly GlueServer _glue;
    private readonly GrpcH2cServer _grpc;
    private readonly RawPingPong.Server _raw;

    private RpcServers(GlueServer glue, GrpcH2cServer grpc, RawPingPong.Server raw)
    {
        _glue = glue;
        _grpc = grpc;
        _raw = raw;
    }

    /// <summary>The ports, in the order Glue, gRPC, raw.</summary>
    public RpcPorts Ports => new(_glue.LocalEndPoint!.Port, _grpc.Port, _raw.Port);

    /// <summary>Starts all three.</summary>
    public static async Task<RpcServers> StartAsync()
    {
        var glue = new GlueServer(new GlueServerOptions { EndPoint = new IPEndPoint(IPAddress.Loopback, 0), ShutdownTimeout = TimeSpan.Zero });
        glue.Host<IRpcBench>(new RpcBenchService());
        await glue.StartAsync();
        GrpcH2cServer grpc = await GrpcH2cServer.StartAsync();
        return new RpcServers(glue, grpc, new RawPingPong.Server());
    }

    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        _raw.Dispose();
        await _grpc.DisposeAsync();
        await _glue.DisposeAsync();
    }
}
