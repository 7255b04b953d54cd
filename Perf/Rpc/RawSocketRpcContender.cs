namespace NFX.Perf.Rpc;

/// <summary>The floor: a length-prefixed ping-pong over one TCP connection, replies as big as the protobuf replies.</summary>
public sealed class RawSocketRpcContender : RpcContender
{
    /// <summary>The row label.</summary>
    public const string ContenderName = "Raw socket (ping-pong baseline)";

    private RawPingPong.Client? _client;

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "one TCP connection (NoDelay), a 4-byte length prefix and an opaque request, a reply of the workload's protobuf " +
        "reply size (4 B, 100 B, the ten rows), one message in flight, no serialization and no call ids: the cost of a " +
        "loopback round trip itself, the reference for one-at-a-time latency.";

    /// <inheritdoc/>
    public override bool SupportsConcurrency => false;

    /// <inheritdoc/>
    public override string? CannotRun(RpcWorkload workload) =>
        RpcWorkloads.IsBig(workload) ? "the baseline of the small calls only (its frames carry a fixed reply)" : null;

    /// <inheritdoc/>
    public override async Task ConnectAsync(RpcPorts ports) => _client = await RawPingPong.Client.ConnectAsync(ports.Raw);

    /// <inheritdoc/>
    public override RpcCaller Caller(RpcWorkload workload)
    {
        RawPingPong.Client client = _client ?? throw new InvalidOperationException("Not connected.");
        if (CannotRun(workload) is string why)
        {
            throw new NotSupportedException(why);
        }
        byte[] request = RawPingPong.Request(workload);
        int size = RawPingPong.ReplySize(workload);
        return new RpcCaller<int>(() => client.PingAsync(request), r => r == size);
    }

    /// <inheritdoc/>
    public override ValueTask DisposeAsync()
    {
        _client?.Dispose();
        return default;
    }
}
