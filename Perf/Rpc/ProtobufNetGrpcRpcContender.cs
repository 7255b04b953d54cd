using Grpc.Net.Client;
using NFX.Perf.Rpc.CodeFirst;
using NFX.Perf.Rpc.Grpc;
using ProtoBuf.Grpc.Client;

namespace NFX.Perf.Rpc;

/// <summary>protobuf-net.Grpc code-first: a .NET interface as the contract, on the same Kestrel and channel setup as grpc-dotnet.</summary>
/// <param name="multipleConnections">
/// True for the variant with <c>EnableMultipleHttp2Connections</c> (its own row, run with the most callers); false for
/// the one-connection row every part runs.
/// </param>
public sealed class ProtobufNetGrpcRpcContender(bool multipleConnections = false) : RpcContender
{
    /// <summary>The row label.</summary>
    public const string ContenderName = "protobuf-net.Grpc";

    private GrpcChannel? _channel;
    private ICodeFirstBench? _proxy;

    /// <inheritdoc/>
    public override string Name => multipleConnections ? ContenderName + GrpcChannels.MultipleSuffix : ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "protobuf-net.Grpc(.AspNetCore) 1.3.14 code-first: `ICodeFirstBench` ([Service]/[Operation], ValueTask methods, [ProtoContract] " +
        $"arguments and results), served by AddCodeFirstGrpc on the grpc-dotnet Kestrel, client from `CreateGrpcService<T>()`; {GrpcChannels.Description(multipleConnections)}.";

    /// <inheritdoc/>
    public override Task ConnectAsync(RpcPorts ports)
    {
        _channel = GrpcChannels.Create(ports.Grpc, multipleConnections);
        _proxy = _channel.CreateGrpcService<ICodeFirstBench>();
        return _channel.ConnectAsync();
    }

    /// <inheritdoc/>
    public override RpcCaller Caller(RpcWorkload workload)
    {
        ICodeFirstBench proxy = _proxy ?? throw new InvalidOperationException("Not connected.");
        string text = RpcData.EchoText;
        var sum = new SumArgs { A = 20, B = 22 };
        var echo = new EchoText { Text = text };
        var db = new DbWorkArgs { Id = 7 };
        int size = RpcWorkloads.PayloadBytes(workload);
        return workload switch
        {
            RpcWorkload.Sum => new RpcCaller<SumResult>(() => proxy.SumAsync(sum), r => r.Sum == 42),
            RpcWorkload.Echo => new RpcCaller<EchoText>(() => proxy.EchoAsync(echo), r => r.Text == text),
            RpcWorkload.DbWork => new RpcCaller<DbRows>(() => proxy.DbWorkAsync(db), DbRows.Same),
            _ when RpcWorkloads.IsRows(workload) => RowsCaller(proxy, RpcData.BigRows(size)),
            _ => BytesCaller(proxy, RpcData.BigBytes(size)),
        };
    }

    private static RpcCaller<BytesContract> BytesCaller(ICodeFirstBench proxy, byte[] data)
    {
        var request = new BytesContract { Data = data };
        return new(() => proxy.EchoBytesAsync(request), r => r.Data.AsSpan().SequenceEqual(data), checkEveryAnswer: true);
    }

    private static RpcCaller<DbRows> RowsCaller(ICodeFirstBench proxy, DbRow[] rows)
    {
        DbRows request = DbRows.From(rows);
        return new(() => proxy.EchoRowsAsync(request), r => r.SameAs(rows), checkEveryAnswer: true);
    }

    /// <inheritdoc/>
    public override ValueTask DisposeAsync()
    {
        _channel?.Dispose();
        return default;
    }
}
