using System.Net;
using NFX.Glue;

namespace NFX.Perf.Rpc.Streaming;

/// <summary>Glue: an <c>IAsyncEnumerable&lt;T&gt;</c> method of <see cref="IRpcBench"/>, one item per StreamItem frame, default flow-control window.</summary>
public sealed class GlueStreamContender : StreamContender
{
    private GlueClient? _client;
    private IRpcBench? _proxy;

    /// <inheritdoc/>
    public override string Name => GlueRpcContender.ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "NFX.Glue, `IAsyncEnumerable<int>` / `IAsyncEnumerable<DbRow[]>` contract methods consumed with `await foreach`; each item " +
        "is one Slim message (batch registry) in its own frame, credit-based flow control with the default window (256 items).";

    /// <inheritdoc/>
    public override async Task ConnectAsync(RpcPorts ports)
    {
        _client = new GlueClient(new IPEndPoint(IPAddress.Loopback, ports.Glue));
        _proxy = _client.GetProxy<IRpcBench>();
        await _client.ConnectAsync();
    }

    /// <inheritdoc/>
    public override async Task<long> ConsumeAsync(StreamWorkload workload, int count)
    {
        IRpcBench proxy = _proxy ?? throw new InvalidOperationException("Not connected.");
        long received = 0;
        if (workload == StreamWorkload.Items)
        {
            long sum = 0;
            await foreach (int value in proxy.StreamItems(count).ConfigureAwait(false))
            {
                sum += value;
                received++;
            }
            return sum == (long)count * (count - 1) / 2 ? received : throw new InvalidOperationException("Glue streamed wrong items.");
        }
        await foreach (DbRow[] rows in proxy.StreamRows(count).ConfigureAwait(false))
        {
            if (received++ == 0 && !RpcData.SameRows(rows))
            {
                throw new InvalidOperationException("Glue streamed wrong rows.");
            }
        }
        return received;
    }

    /// <inheritdoc/>
    public override async ValueTask DisposeAsync()
    {
        if (_client is not null)
        {
            await _client.DisposeAsync();
        }
    }
}
