using BenchmarkDotNet.Attributes;

namespace NFX.Perf.Rpc;

/// <summary>One call at a time (latency): Glue, gRPC (h2c, hand-framed) and the raw-socket ping-pong.</summary>
public class RpcOneAtATimeBenchmarks : RpcBenchmarksBase
{
    /// <summary>The contender.</summary>
    [Params(GlueRpcContender.ContenderName, GrpcRpcContender.ContenderName, ProtobufNetGrpcRpcContender.ContenderName, RawSocketRpcContender.ContenderName)]
    public string Contender { get; set; } = GlueRpcContender.ContenderName;

    /// <inheritdoc/>
    protected override string ContenderName => Contender;

    /// <summary>One round trip.</summary>
    [Benchmark]
    public Task Call() => Caller.CallOnceAsync();

    /// <inheritdoc/>
    protected override RpcContender CreateContender(string name) => Make(name);
}
