using BenchmarkDotNet.Attributes;

namespace NFX.Perf.Rpc;

/// <summary>
/// The RPC benchmark under BenchmarkDotNet: the three servers in this process on loopback (BenchmarkDotNet runs in
/// process here, see Program), one connected contender per case. Allocation per op counts client and server together.
/// </summary>
[Config(typeof(RpcBenchmarkConfig))]
public abstract class RpcBenchmarksBase
{
    private RpcServers? _servers;
    private RpcContender? _contender;

    /// <summary>The workload.</summary>
    [ParamsAllValues]
    public RpcWorkload Workload { get; set; }

    /// <summary>The contender's call for the workload.</summary>
    protected RpcCaller Caller { get; private set; } = null!;

    /// <summary>The contenders of this suite.</summary>
    protected abstract RpcContender CreateContender(string name);

    /// <summary>The contender of this case.</summary>
    protected abstract string ContenderName { get; }

    /// <summary>Starts the servers, connects, checks one answer.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _servers = RpcServers.StartAsync().GetAwaiter().GetResult();
        _contender = CreateContender(ContenderName);
        _contender.ConnectAsync(_servers.Ports).GetAwaiter().GetResult();
        Caller = _contender.Caller(Workload);
        if (Caller.VerifyAsync().GetAwaiter().GetResult() is string wrong)
        {
            throw new InvalidOperationException($"{ContenderName} answered {Workload} wrongly: {wrong}");
        }
    }

    /// <summary>Disconnects and stops the servers.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _contender?.DisposeAsync().AsTask().GetAwaiter().GetResult();
        _servers?.DisposeAsync().AsTask().GetAwaiter().GetResult();
    }

    /// <summary>Makes a contender by row label.</summary>
    protected static RpcContender Make(string name) => name switch
    {
        GlueRpcContender.ContenderName => new GlueRpcContender(),
        GrpcRpcContender.ContenderName => new GrpcRpcContender(),
        ProtobufNetGrpcRpcContender.ContenderName => new ProtobufNetGrpcRpcContender(),
        _ => new RawSocketRpcContender(),
    };
}
