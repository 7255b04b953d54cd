using Grpc.Core;
using Grpc.Net.Client;
using NFX.Perf.Rpc.Grpc;
using NFX.Perf.Rpc.Proto;

namespace NFX.Perf.Rpc.Streaming;

/// <summary>grpc-dotnet server streaming: <c>rpc StreamItems (StreamRequest) returns (stream StreamItem)</c> read with <c>MoveNext</c>.</summary>
public sealed class GrpcStreamContender : StreamContender
{
    private GrpcChannel? _channel;
    private RpcBench.RpcBenchClient? _client;

    /// <inheritdoc/>
    public override string Name => GrpcRpcContender.ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "Grpc.AspNetCore on Kestrel and Grpc.Net.Client, server-streaming methods of Perf/Proto/rpc.proto (`stream StreamItem`, " +
        $"`stream DbReply`), the server awaiting each `WriteAsync`, the client reading `ResponseStream.MoveNext`; {GrpcChannels.Description(multipleConnections: true)}.";

    /// <inheritdoc/>
    public override Task ConnectAsync(RpcPorts ports)
    {
        _channel = GrpcChannels.Create(ports.Grpc, multipleConnections: true);
        _client = new RpcBench.RpcBenchClient(_channel);
        return _channel.ConnectAsync();
    }

    /// <inheritdoc/>
    public override async Task<long> ConsumeAsync(StreamWorkload workload, int count)
    {
        RpcBench.RpcBenchClient client = _client ?? throw new InvalidOperationException("Not connected.");
        var request = new StreamRequest { Count = count };
        long received = 0;
        if (workload == StreamWorkload.Items)
        {
            using AsyncServerStreamingCall<StreamItem> call = client.StreamItems(request);
            long sum = 0;
            while (await call.ResponseStream.MoveNext(CancellationToken.None).ConfigureAwait(false))
            {
                sum += call.ResponseStream.Current.Value;
                received++;
            }
            return sum == (long)count * (count - 1) / 2 ? received : throw new InvalidOperationException("gRPC streamed wrong items.");
        }
        using AsyncServerStreamingCall<DbReply> rows = client.StreamRows(request);
        while (await rows.ResponseStream.MoveNext(CancellationToken.None).ConfigureAwait(false))
        {
            if (received++ == 0 && !RpcData.SameRows(rows.ResponseStream.Current))
            {
                throw new InvalidOperationException("gRPC streamed wrong rows.");
            }
        }
        return received;
    }

    /// <inheritdoc/>
    public override ValueTask DisposeAsync()
    {
        _channel?.Dispose();
        return default;
    }
}
