namespace NFX.Perf.Rpc;

/// <summary>Where the benchmark servers listen (loopback); gRPC hosts both grpc-dotnet and protobuf-net.Grpc.</summary>
public sealed record RpcPorts(int Glue, int Grpc, int Raw, int ThriftBinary, int ThriftCompact)
{
    /// <summary>The ports in the order the server process prints them.</summary>
    public int[] ToArray() => [Glue, Grpc, Raw, ThriftBinary, ThriftCompact];

    /// <summary>The inverse of <see cref="ToArray"/>.</summary>
    public static RpcPorts From(int[] ports) => new(ports[0], ports[1], ports[2], ports[3], ports[4]);
}
