using Grpc.Net.Client;

namespace NFX.Perf.Rpc.Grpc;

/// <summary>The client side both gRPC contenders share: one reused channel, as grpc-dotnet documents for high concurrency.</summary>
public static class GrpcChannels
{
    /// <summary>
    /// A channel to the loopback port over HTTP/2 cleartext on a <see cref="SocketsHttpHandler"/>. With
    /// <paramref name="multipleConnections"/> (<see cref="SocketsHttpHandler.EnableMultipleHttp2Connections"/>) the
    /// handler opens another connection when one has 100 streams in flight (Kestrel's default limit), gRPC's documented
    /// setting for many concurrent calls; without it every call shares one connection and calls beyond 100 wait.
    /// </summary>
    public static GrpcChannel Create(int port, bool multipleConnections = false) => GrpcChannel.ForAddress($"http://127.0.0.1:{port}", new GrpcChannelOptions
    {
        HttpHandler = new SocketsHttpHandler
        {
            EnableMultipleHttp2Connections = multipleConnections,
            PooledConnectionIdleTimeout = Timeout.InfiniteTimeSpan,
            KeepAlivePingDelay = TimeSpan.FromSeconds(60),
            KeepAlivePingTimeout = TimeSpan.FromSeconds(30),
        },
    });

    /// <summary>The settings in one sentence for the report.</summary>
    public static string Description(bool multipleConnections) => multipleConnections
        ? "one GrpcChannel reused by every caller, SocketsHttpHandler with EnableMultipleHttp2Connections = true (a new HTTP/2 connection per 100 streams in flight), h2c on loopback"
        : "one GrpcChannel reused by every caller, SocketsHttpHandler with EnableMultipleHttp2Connections = false (one HTTP/2 connection), h2c on loopback";

    /// <summary>The suffix of the row label of the multiple-connection variant.</summary>
    public const string MultipleSuffix = " (multiple connections)";
}
