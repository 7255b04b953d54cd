using ProtoBuf.Grpc.Configuration;

namespace NFX.Perf.Rpc.CodeFirst;

/// <summary>
/// The benchmark's service as a protobuf-net.Grpc code-first contract: a .NET interface, no .proto (the peer closest to
/// Glue's model). gRPC messages must be contracts, so arguments and results are small <c>[ProtoContract]</c> types.
/// </summary>
[Service("nfx.perf.rpc.CodeFirstBench")]
public interface ICodeFirstBench
{
    /// <summary>W1: a + b.</summary>
    [Operation]
    ValueTask<SumResult> SumAsync(SumArgs args);

    /// <summary>W2: the text back.</summary>
    [Operation]
    ValueTask<EchoText> EchoAsync(EchoText text);

    /// <summary>W3 "DBWork": 10 rows x 10 fields.</summary>
    [Operation]
    ValueTask<DbRows> DbWorkAsync(DbWorkArgs args);

    /// <summary>W4/W5 (big messages): the bytes back.</summary>
    [Operation]
    ValueTask<BytesContract> EchoBytesAsync(BytesContract data);

    /// <summary>W4/W5 (big messages): the rows back.</summary>
    [Operation]
    ValueTask<DbRows> EchoRowsAsync(DbRows rows);
}
