using NFX.Perf.Rpc.Proto;

namespace NFX.Perf.Rpc;

/// <summary>gRPC over HTTP/2 cleartext, hand-framed (see <see cref="GrpcH2cServer"/> and <see cref="GrpcH2cClient"/>).</summary>
public sealed class GrpcRpcContender : RpcContender
{
    /// <summary>The row label.</summary>
    public const string ContenderName = "gRPC (HTTP/2 h2c, hand-framed)";

    private GrpcH2cClient? _client;

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "the gRPC wire protocol (unary calls, 5-byte length-prefixed Google.Protobuf 3.25.1 messages, `grpc-status` " +
        "trailer) over HTTP/2 cleartext: Kestrel (`HttpProtocols.Http2`, `MapPost(\"/nfx.perf.rpc.RpcBench/Sum\")`) and " +
        "HttpClient/SocketsHttpHandler (HTTP/2 prior knowledge, several connections allowed as grpc-dotnet's channel " +
        "does), framed by hand because grpc-dotnet (Grpc.Net.Client, Grpc.AspNetCore) and protobuf-net.Grpc are not on " +
        "this machine's package source; grpc-dotnet runs on the same Kestrel and SocketsHttpHandler, with its own (more " +
        "optimized) framing code.";

    /// <inheritdoc/>
    public override Task ConnectAsync(RpcPorts ports)
    {
        _client = new GrpcH2cClient(ports.Grpc);
        return Task.CompletedTask;
    }

    /// <inheritdoc/>
    public override RpcCaller Caller(RpcWorkload workload)
    {
        GrpcH2cClient client = _client ?? throw new InvalidOperationException("Not connected.");
        string text = RpcData.EchoText;
        return workload switch
        {
            RpcWorkload.Sum => new RpcCaller<int>(() => client.SumAsync(20, 22), r => r == 42),
            RpcWorkload.Echo => new RpcCaller<string>(() => client.EchoAsync(text), r => r == text),
            _ => new RpcCaller<DbReply>(() => client.DbWorkAsync(7), RpcData.SameRows),
        };
    }

    /// <inheritdoc/>
    public override ValueTask DisposeAsync()
    {
        _client?.Dispose();
        return default;
    }
}
