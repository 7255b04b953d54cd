using System.Collections.Concurrent;
using System.Net;
using NFX.Perf.Rpc.Thrift;
using NFX.Perf.Thrift;
using Thrift;
using Thrift.Transport;
using Thrift.Transport.Client;

namespace NFX.Perf.Rpc;

/// <summary>
/// Apache Thrift netstd 0.25: framed TCP sockets, the given protocol, the client generated from rpc.thrift. A Thrift
/// client carries one call at a time, so each caller takes a client (its own connection) from a pool.
/// </summary>
public sealed class ThriftRpcContender(ThriftProtocolKind kind) : RpcContender
{
    private readonly ConcurrentBag<RpcBenchT.Client> _pool = [];
    private readonly ConcurrentBag<RpcBenchT.Client> _all = [];
    private int _port;

    /// <summary>The row label of <paramref name="protocol"/>.</summary>
    public static string NameOf(ThriftProtocolKind protocol) => $"Thrift ({protocol})";

    /// <inheritdoc/>
    public override string Name => NameOf(kind);

    /// <inheritdoc/>
    public override string Notes =>
        $"ApacheThrift 0.25 (netstd), code generated from Perf/Thrift/rpc.thrift, T{kind}Protocol over TFramedTransport on TSocketTransport; " +
        "server TThreadPoolAsyncServer; one call at a time per Thrift client, so a pool of clients (one connection each, as many as callers).";

    /// <inheritdoc/>
    public override async Task ConnectAsync(RpcPorts ports)
    {
        _port = kind == ThriftProtocolKind.Binary ? ports.ThriftBinary : ports.ThriftCompact;
        _pool.Add(await OpenAsync());
    }

    /// <inheritdoc/>
    public override RpcCaller Caller(RpcWorkload workload)
    {
        string text = RpcData.EchoText;
        int size = RpcWorkloads.PayloadBytes(workload);
        return workload switch
        {
            RpcWorkload.Sum => new RpcCaller<int>(() => Call(c => c.Sum(20, 22)), r => r == 42),
            RpcWorkload.Echo => new RpcCaller<string>(() => Call(c => c.Echo(text)), r => r == text),
            RpcWorkload.DbWork => new RpcCaller<List<DbRowT>>(() => Call(c => c.DbWork(7)), ThriftBenchHandler.Same),
            _ when RpcWorkloads.IsRows(workload) => RowsCaller(RpcData.BigRows(size)),
            _ => BytesCaller(RpcData.BigBytes(size)),
        };
    }

    private RpcCaller<byte[]> BytesCaller(byte[] data) =>
        new(() => Call(c => c.EchoBytes(data)), r => r.AsSpan().SequenceEqual(data), checkEveryAnswer: true);

    private RpcCaller<List<DbRowT>> RowsCaller(DbRow[] rows)
    {
        List<DbRowT> request = [.. rows.Select(ThriftBenchHandler.ToStruct)];
        return new(() => Call(c => c.EchoRows(request)), r => ThriftBenchHandler.Same(r, rows), checkEveryAnswer: true);
    }

    /// <inheritdoc/>
    public override ValueTask DisposeAsync()
    {
        foreach (RpcBenchT.Client client in _all)
        {
            client.Dispose();
        }
        return default;
    }

    private async ValueTask<T> Call<T>(Func<RpcBenchT.Client, Task<T>> call)
    {
        RpcBenchT.Client client = _pool.TryTake(out RpcBenchT.Client? pooled) ? pooled : await OpenAsync();
        try
        {
            T result = await call(client);
            _pool.Add(client);
            return result;
        }
        catch
        {
            // A client whose call failed may be mid-message: never reuse it.
            client.Dispose();
            throw;
        }
    }

    private async Task<RpcBenchT.Client> OpenAsync()
    {
        var configuration = new TConfiguration();
        TTransport transport = new TFramedTransport(new TSocketTransport(IPAddress.Loopback, _port, configuration));
        var client = new RpcBenchT.Client(ThriftProtocols.Create(kind, transport));
        await client.OpenTransportAsync();
        _all.Add(client);
        return client;
    }
}
