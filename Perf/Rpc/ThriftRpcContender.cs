namespace NFX.Perf.Rpc;

/// <summary>Apache Thrift netstd (framed transport, a pool of connections): listed with the reason it cannot run here.</summary>
public sealed class ThriftRpcContender(string protocol) : RpcContender
{
    /// <inheritdoc/>
    public override string Name => $"Thrift ({protocol})";

    /// <inheritdoc/>
    public override string Notes => $"n/a: {Unavailable}.";

    /// <inheritdoc/>
    public override string Unavailable =>
        "the C# runtime (NuGet ApacheThrift) is not on this machine's package source; without it no Thrift client or " +
        "server can be built (thrift-compiler 0.17 installs with apt-get, the runtime does not)";

    /// <inheritdoc/>
    public override Task ConnectAsync(RpcPorts ports) => throw new NotSupportedException(Unavailable);

    /// <inheritdoc/>
    public override RpcCaller Caller(RpcWorkload workload) => throw new NotSupportedException(Unavailable);
}
