using System.Net;
using NFX.Glue;

namespace NFX.Perf.Rpc;

/// <summary>Glue: one client, one TCP connection, a generated proxy of <see cref="IRpcBench"/> (ValueTask methods).</summary>
public sealed class GlueRpcContender : RpcContender
{
    /// <summary>The row label.</summary>
    public const string ContenderName = "Glue";

    private GlueClient? _client;
    private IRpcBench? _proxy;

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "NFX.Glue client and server, one TCP connection carrying every call (call ids, one writer loop, one reader loop), " +
        "Slim in Batch mode per connection direction, a generated proxy of `IRpcBench` whose methods return `ValueTask<T>`.";

    /// <inheritdoc/>
    public override async Task ConnectAsync(RpcPorts ports)
    {
        _client = new GlueClient(new IPEndPoint(IPAddress.Loopback, ports.Glue));
        _proxy = _client.GetProxy<IRpcBench>();
        await _client.ConnectAsync();
    }

    /// <inheritdoc/>
    public override RpcCaller Caller(RpcWorkload workload)
    {
        IRpcBench proxy = _proxy ?? throw new InvalidOperationException("Not connected.");
        string text = RpcData.EchoText;
        int size = RpcWorkloads.PayloadBytes(workload);
        return workload switch
        {
            RpcWorkload.Sum => new RpcCaller<int>(() => proxy.Sum(20, 22), r => r == 42),
            RpcWorkload.Echo => new RpcCaller<string>(() => proxy.Echo(text), r => r == text),
            RpcWorkload.DbWork => new RpcCaller<DbRow[]>(() => proxy.DbWork(7), RpcData.SameRows),
            _ when RpcWorkloads.IsRows(workload) => RowsCaller(proxy, RpcData.BigRows(size)),
            _ => BytesCaller(proxy, RpcData.BigBytes(size)),
        };
    }

    private static RpcCaller<byte[]> BytesCaller(IRpcBench proxy, byte[] data) =>
        new(() => proxy.EchoBytes(data), r => r.AsSpan().SequenceEqual(data), checkEveryAnswer: true);

    private static RpcCaller<DbRow[]> RowsCaller(IRpcBench proxy, DbRow[] rows) =>
        new(() => proxy.EchoRows(rows), r => RpcData.SameRows(r, rows), checkEveryAnswer: true);

    /// <inheritdoc/>
    public override async ValueTask DisposeAsync()
    {
        if (_client is not null)
        {
            await _client.DisposeAsync();
        }
    }
}
