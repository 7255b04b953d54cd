using System.Net;
using NFX.Glue;
using NFX.Perf.Rpc.Grpc;
using NFX.Perf.Rpc.Thrift;

namespace NFX.Perf.Rpc;

/// <summary>
/// The benchmark servers on free loopback ports: Glue, Kestrel with both gRPC services (grpc-dotnet and
/// protobuf-net.Grpc), Thrift (Binary and Compact) and the raw-socket baseline.
/// </summary>
public sealed class RpcServers : IAsyncDisposable
{
    private readonly GlueServer _glue;
    private readonly GrpcServer _grpc;
    private readonly RawPingPong.Server _raw;
    private readonly ThriftRpcServer _thriftBinary;
    private readonly ThriftRpcServer _thriftCompact;

    private RpcServers(GlueServer glue, GrpcServer grpc, RawPingPong.Server raw, ThriftRpcServer thriftBinary, ThriftRpcServer thriftCompact)
    {
        _glue = glue;
        _grpc = grpc;
        _raw = raw;
        _thriftBinary = thriftBinary;
        _thriftCompact = thriftCompact;
    }

    /// <summary>Every server's port.</summary>
    public RpcPorts Ports => new(_glue.LocalEndPoint!.Port, _grpc.Port, _raw.Port, _thriftBinary.Port, _thriftCompact.Port);

    /// <summary>Starts them all.</summary>
    public static async Task<RpcServers> StartAsync()
    {
        var glue = new GlueServer(new GlueServerOptions { EndPoint = new IPEndPoint(IPAddress.Loopback, 0), ShutdownTimeout = TimeSpan.Zero });
        glue.Host<IRpcBench>(new RpcBenchService());
        await glue.StartAsync();
        GrpcServer grpc = await GrpcServer.StartAsync();
        return new RpcServers(glue, grpc, new RawPingPong.Server(),
            ThriftRpcServer.Start(ThriftProtocolKind.Binary), ThriftRpcServer.Start(ThriftProtocolKind.Compact));
    }

    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        _raw.Dispose();
        await _thriftCompact.DisposeAsync();
        await _thriftBinary.DisposeAsync();
        await _grpc.DisposeAsync();
        await _glue.DisposeAsync();
    }
}
