using Grpc.Net.Client;

namespace NFX.Perf.Rpc.Grpc;

/// <summary>The client side both gRPC contenders share: one reused channel, as grpc-dotnet documents for high concurrency.</summary>
public static class GrpcChannels
{
    /// <summary>
    /// A channel to the loopback port over HTTP/2 cleartext, on a <see cref="SocketsHttpHandler"/> with
    /// <see cref="SocketsHttpHandler.EnableMultipleHttp2Connections"/> (beyond 100 concurrent streams a second connection opens).
    /// </summary>
    public static GrpcChannel Create(int port) => GrpcChannel.ForAddress($"http://127.0.0.1:{port}", new GrpcChannelOptions
    {
        HttpHandler = new SocketsHttpHandler
        {
            EnableMultipleHttp2Connections = true,
            PooledConnectionIdleTimeout = Timeout.InfiniteTimeSpan,
            KeepAlivePingDelay = TimeSpan.FromSeconds(60),
            KeepAlivePingTimeout = TimeSpan.FromSeconds(30),
        },
    });

    /// <summary>The settings in one sentence for the report.</summary>
    public const string Description =
        "one GrpcChannel reused by every caller, SocketsHttpHandler with EnableMultipleHttp2Connections = true, h2c on loopback";
}
