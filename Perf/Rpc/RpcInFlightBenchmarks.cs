using BenchmarkDotNet.Attributes;

namespace NFX.Perf.Rpc;

/// <summary>Many calls in flight (throughput): 128 started at once, then all awaited; Glue, grpc-dotnet and protobuf-net.Grpc.</summary>
public class RpcInFlightBenchmarks : RpcBenchmarksBase
{
    private const int InFlight = 128;
    private readonly Task[] _calls = new Task[InFlight];

    /// <summary>The contender.</summary>
    [Params(GlueRpcContender.ContenderName, GrpcRpcContender.ContenderName, ProtobufNetGrpcRpcContender.ContenderName)]
    public string Contender { get; set; } = GlueRpcContender.ContenderName;

    /// <inheritdoc/>
    protected override string ContenderName => Contender;

    /// <summary>128 calls in flight; time and allocation reported per call.</summary>
    [Benchmark(OperationsPerInvoke = InFlight)]
    public Task Calls()
    {
        for (int i = 0; i < _calls.Length; i++)
        {
            _calls[i] = Caller.CallOnceAsync();
        }
        return Task.WhenAll(_calls);
    }

    /// <inheritdoc/>
    protected override RpcContender CreateContender(string name) => Make(name);
}
