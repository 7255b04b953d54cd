using NFX.Perf.Quick;
using NFX.Perf.Rpc;
using NFX.Perf.Rpc.Thrift;

namespace NFX.Tests.Perf;

public sealed class RpcReportTests
{
    private static readonly RpcContender[] s_contenders =
        [new GlueRpcContender(), new GrpcRpcContender(), new ProtobufNetGrpcRpcContender(), new ThriftRpcContender(ThriftProtocolKind.Binary)];

    private static RpcCell Cell(string contender, RpcWorkload workload, int callers, int calls) =>
        new(contender, workload, callers, CellStatus.Measured, null, calls, 1.0, 100, 200, 64, 32);

    private static RpcResults Results(params RpcCell[] cells) =>
        new(new RpcQuickOptions(), new MachineInfo("cpu", 2, "os", "rt", DateTime.UnixEpoch, null), true, "rpc", TimeSpan.FromSeconds(1),
            (1.0, 1.0), s_contenders, cells);

    [Test]
    public void Targets_PeersWithTheirRates_AreJudgedAgainstEachGoal()
    {
        RpcResults results = Results(
            Cell("Glue", RpcWorkload.Sum, 64, 600_000),
            Cell("grpc-dotnet", RpcWorkload.Sum, 64, 100_000),
            Cell("protobuf-net.Grpc", RpcWorkload.Sum, 64, 200_000),
            Cell("Thrift (Binary)", RpcWorkload.Sum, 64, 50_000));

        string targets = RpcReport.Targets(results);

        Assert.That(targets, Does.Contain("| W1 Glue calls/s over grpc-dotnet's (64 callers) | >= 6x | 600,000 vs 100,000 calls/s = 6.00x | met |"));
        Assert.That(targets, Does.Contain("| W1 Glue calls/s over protobuf-net.Grpc's (64 callers) | >= 5x | 600,000 vs 200,000 calls/s = 3.00x | missed |"));
        Assert.That(targets, Does.Contain("| W1 Glue calls/s over Thrift's (the faster protocol, 64 callers) | >= 8x | 600,000 vs 50,000 calls/s = 12.0x | met |"));
    }

    [Test]
    public void Targets_PeerThatCompletedNoCall_IsNotMeasuredRatherThanMet()
    {
        RpcResults results = Results(
            Cell("Glue", RpcWorkload.Sum, 64, 3_000),
            Cell("grpc-dotnet", RpcWorkload.Sum, 64, 0));

        string targets = RpcReport.Targets(results);

        Assert.That(targets, Does.Contain("| W1 Glue calls/s over grpc-dotnet's (64 callers) | >= 6x | - | not measured: grpc-dotnet completed no call in the time budget |"));
    }
}
