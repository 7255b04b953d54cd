namespace NFX.Perf.Rpc;

/// <summary>Where the benchmark servers listen (loopback).</summary>
public sealed record RpcPorts(int Glue, int Grpc, int Raw);
