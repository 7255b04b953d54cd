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
            Cell("Glue", RpcWorkload.Sum, 64, 900_000),
            Cell("grpc-dotnet", RpcWorkload.Sum, 64, 100_000),
            Cell("protobuf-net.Grpc", RpcWorkload.Sum, 64, 200_000),
            Cell("Thrift (Binary)", RpcWorkload.Sum, 64, 50_000));

        string targets = RpcReport.Targets(results);

        Assert.That(targets, Does.Contain("| W1 Glue calls/s over grpc-dotnet's (64 callers) | >= 8x | 900,000 vs 100,000 calls/s = 9.00x | met |"));
        Assert.That(targets, Does.Contain("| W1 Glue calls/s over protobuf-net.Grpc's (64 callers) | >= 5x | 900,000 vs 200,000 calls/s = 4.50x | missed |"));
        Assert.That(targets, Does.Contain("| W1 Glue calls/s over Thrift's (the faster protocol, 64 callers) | >= 8x | 900,000 vs 50,000 calls/s = 18.0x | met |"));
    }

    [Test]
    public void Targets_PeerThatCompletedNoCall_IsNotMeasuredRatherThanMet()
    {
        RpcResults results = Results(
            Cell("Glue", RpcWorkload.Sum, 64, 3_000),
            Cell("grpc-dotnet", RpcWorkload.Sum, 64, 0));

        string targets = RpcReport.Targets(results);

        Assert.That(targets, Does.Contain("| W1 Glue calls/s over grpc-dotnet's (64 callers) | >= 8x | - | not measured: grpc-dotnet completed no call in the time budget |"));
    }

    [Test]
    public void BigTables_EachBigWorkload_ShowsCallsAndMegabytesPerSecondAgainstGrpc()
    {
        // 100 calls/s of 64 KiB each way = 13.1 MB/s; 1 MiB each way at 10 calls/s = 21.0 MB/s.
        RpcResults results = Results(
            Cell("Glue", RpcWorkload.Bytes64K, 16, 200),
            Cell("grpc-dotnet", RpcWorkload.Bytes64K, 16, 100),
            Cell("Glue", RpcWorkload.Rows1M, 1, 10),
            Cell("grpc-dotnet", RpcWorkload.Rows1M, 1, 20));

        string tables = RpcReport.BigTables(results);

        Assert.That(tables, Does.Contain("### W4: 64 KB each way, a byte[]").And.Contain("### W5: 1 MB each way, "));
        Assert.That(tables, Does.Contain("| Contender | Callers | Calls/s | MB/s | vs grpc-dotnet (MB/s) | p50 | p99 |"));
        Assert.That(tables, Does.Contain("| Glue | 16 | 200 | 26.2 | 2.00x |"));
        Assert.That(tables, Does.Contain("| Glue | 1 | 10 | 21.0 | 0.5x |"));
        Assert.That(tables, Does.Not.Contain("### W4: 64 KB each way, " + RpcData.BigRows(RpcWorkloads.W4Bytes).Length), "a workload that did not run has no table");
        Assert.That(RpcReport.Tables(results), Does.Contain("### W4: 64 KB each way, a byte[]"));
    }

    [Test]
    public void Targets_BigMessages_JudgeGlueMegabytesAgainstGrpcsBestConfiguration()
    {
        RpcResults results = Results(
            Cell("Glue", RpcWorkload.Bytes64K, 16, 300),
            Cell("grpc-dotnet", RpcWorkload.Bytes64K, 16, 100),
            Cell("Glue", RpcWorkload.Bytes64K, 256, 300),
            Cell("grpc-dotnet", RpcWorkload.Bytes64K, 256, 100),
            Cell("grpc-dotnet (multiple connections)", RpcWorkload.Bytes64K, 256, 400),
            Cell("Glue", RpcWorkload.Bytes1M, 16, 50),
            Cell("grpc-dotnet", RpcWorkload.Bytes1M, 16, 40));

        string targets = RpcReport.Targets(results);

        Assert.That(targets, Does.Contain("| W4 bytes: Glue MB/s no lower than grpc-dotnet's (16 callers) | >= 1x | 39.3 vs 13.1 MB/s (grpc-dotnet) = 3.00x | met |"));
        Assert.That(targets, Does.Contain("| W4 bytes: Glue MB/s no lower than grpc-dotnet's best, one connection or several (256 callers) | >= 1x | " +
            "39.3 vs 52.4 MB/s (grpc-dotnet (multiple connections)) = 0.75x | missed |"));
        Assert.That(targets, Does.Contain("| W5 bytes: Glue MB/s no lower than grpc-dotnet's (16 callers) | >= 1x | 104.9 vs 83.9 MB/s (grpc-dotnet) = 1.25x | met |"));
        Assert.That(targets, Does.Contain("| W4 rows: Glue MB/s no lower than grpc-dotnet's (16 callers) | >= 1x | - | not measured: Glue not run |"));
    }

    [Test]
    public void Targets_WithoutBigMessages_HaveNoMegabyteTargets()
    {
        string targets = RpcReport.Targets(Results(Cell("Glue", RpcWorkload.Sum, 64, 900_000)));

        Assert.That(targets, Does.Not.Contain("MB/s"));
    }

    [Test]
    public void Workloads_SmallAndBig_SplitTheEnumAndCarryTheirSizes()
    {
        Assert.That(RpcWorkloads.Small.Concat(RpcWorkloads.Big), Is.EquivalentTo(Enum.GetValues<RpcWorkload>()));
        Assert.That(RpcWorkloads.Small.Select(RpcWorkloads.PayloadBytes), Is.All.EqualTo(0));
        Assert.That(RpcWorkloads.PayloadBytes(RpcWorkload.Rows64K), Is.EqualTo(64 * 1024));
        Assert.That(RpcWorkloads.PayloadBytes(RpcWorkload.Bytes1M), Is.EqualTo(1024 * 1024));
        Assert.That(new RawSocketRpcContender().CannotRun(RpcWorkload.Bytes64K), Does.Contain("small calls only"));
    }

    [TestCase(64 * 1024)]
    [TestCase(1024 * 1024)]
    public void BigRows_FieldDataReachesTheSizeWithEveryStringItsOwnObject(int size)
    {
        DbRow[] rows = RpcData.BigRows(size);
        int total = rows.Sum(RpcData.FieldBytes);

        Assert.That(total, Is.GreaterThanOrEqualTo(size).And.LessThan(size + 200));
        Assert.That(rows.Select(r => r.Name).Distinct().Count(), Is.EqualTo(rows.Length));
        Assert.That(rows.SelectMany(r => new[] { r.Name, r.City, r.Code, r.Note }).Distinct(ReferenceEqualityComparer.Instance).Count(), Is.EqualTo(rows.Length * 4));
        Assert.That(RpcData.SameRows(rows, RpcData.BigRows(size)), Is.True);
        Assert.That(RpcData.BigBytes(size), Has.Length.EqualTo(size));
    }

    [Test]
    public void RpcRun_PastItsTime_StillIssuesItsMinimumCalls()
    {
        var run = new RpcRun(100, TimeSpan.Zero, recordLatencies: false, minCalls: 3);
        Thread.Sleep(1);

        int issued = 0;
        while (run.TryNext(out _))
        {
            issued++;
        }

        Assert.That(issued, Is.EqualTo(3));
        var plain = new RpcRun(100, TimeSpan.Zero, recordLatencies: false);
        Thread.Sleep(1);
        Assert.That(plain.TryNext(out _), Is.False, "no minimum: the time alone decides");
    }
}
