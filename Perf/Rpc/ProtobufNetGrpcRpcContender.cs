using Grpc.Net.Client;
using NFX.Perf.Rpc.CodeFirst;
using NFX.Perf.Rpc.Grpc;
using ProtoBuf.Grpc.Client;

namespace NFX.Perf.Rpc;

/// <summary>protobuf-net.Grpc code-first: a .NET interface as the contract, on the same Kestrel and channel setup as grpc-dotnet.</summary>
public sealed class ProtobufNetGrpcRpcContender : RpcContender
{
    /// <summary>The row label.</summary>
    public const string ContenderName = "protobuf-net.Grpc";

    private GrpcChannel? _channel;
    private ICodeFirstBench? _proxy;

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "protobuf-net.Grpc(.AspNetCore) 1.3.14 code-first: `ICodeFirstBench` ([Service]/[Operation], ValueTask methods, [ProtoContract] " +
        $"arguments and results), served by AddCodeFirstGrpc on the grpc-dotnet Kestrel, client from `CreateGrpcService<T>()`; {GrpcChannels.Description}.";

    /// <inheritdoc/>
    public override Task ConnectAsync(RpcPorts ports)
    {
        _channel = GrpcChannels.Create(ports.Grpc);
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
        return workload switch
        {
            RpcWorkload.Sum => new RpcCaller<SumResult>(() => proxy.SumAsync(sum), r => r.Sum == 42),
            RpcWorkload.Echo => new RpcCaller<EchoText>(() => proxy.EchoAsync(echo), r => r.Text == text),
            _ => new RpcCaller<DbRows>(() => proxy.DbWorkAsync(db), DbRows.Same),
        };
    }

    /// <inheritdoc/>
    public override ValueTask DisposeAsync()
    {
        _channel?.Dispose();
        return default;
    }
}
