using NFX.Perf.Contenders;
using NFX.Perf.Quick;

namespace NFX.Tests.Perf;

public sealed class RunSummaryTests
{
    private static readonly (double?, double?) s_busy = (9.5, 12.0);
    private static readonly (double?, double?) s_quiet = (0.4, 0.6);

    private static TargetTable Serialization() => new("Serialization",
    [
        Target.Judged("perzon: serialize within 1.25x of MemoryPack", ">= 0.8x", "1.1x", met: true, TargetKind.Timing),
        Target.Judged("Perzon vs BinaryFormatter: smaller", ">= 13x", "5.8x", met: false, TargetKind.Size) with { Why = "a sparsely filled record" },
        Target.Judged("graph: serialize at least 3x faster than Hyperion", ">= 3x", "2.1x", met: false, TargetKind.Timing),
        Target.NotMeasured("Perzon vs DataContractSerializer: smaller", ">= 8x", "DataContractSerializer FAILED: $.O3", TargetKind.Size),
    ]);

    private static TargetTable Rpc() => new("RPC",
    [
        Target.Judged("W1 Glue framework allocation per call per side", "<= 256 B", "client 300 B", met: false, TargetKind.Structural),
        Target.Judged("W1 Glue calls/s", ">= 250,000", "300,000 calls/s", met: true, TargetKind.Timing),
    ]);

    private static string Section(string summary, string heading)
    {
        int start = summary.IndexOf(heading, StringComparison.Ordinal);
        Assert.That(start, Is.GreaterThanOrEqualTo(0), $"no section '{heading}' in:\n{summary}");
        int end = summary.IndexOf("\n\n", start, StringComparison.Ordinal);
        return summary[start..(end < 0 ? summary.Length : end)];
    }

    [Test]
    public void Build_PerTable_CountsMetMissedAndNotMeasured()
    {
        string summary = RunSummary.Build([Serialization(), Rpc()], s_quiet, 2);

        Assert.That(summary, Does.Contain("| Serialization | 1 | 2 | 1 |"));
        Assert.That(summary, Does.Contain("| RPC | 1 | 1 | 0 |"));
        Assert.That(summary, Does.Contain("| all | 2 | 3 | 1 |"));
    }

    [Test]
    public void Build_BusyMachine_SizeAndAllocationMissesAreNeverPutDownToTheLoad()
    {
        string summary = RunSummary.Build([Serialization(), Rpc()], s_busy, 2);

        string notLoad = Section(summary, "Missed sizes and allocations");
        string timings = Section(summary, "Missed timings");
        Assert.That(notLoad, Does.Contain("the load does not explain them"));
        Assert.That(notLoad, Does.Contain("- Serialization: Perzon vs BinaryFormatter: smaller: 5.8x (goal >= 13x); a sparsely filled record"));
        Assert.That(notLoad, Does.Contain("- RPC: W1 Glue framework allocation per call per side: client 300 B (goal <= 256 B)"));
        Assert.That(notLoad, Does.Not.Contain("Hyperion"));
        Assert.That(timings, Does.Contain("the machine was busy, load 12.0 on 2 cores: these may be the load"));
        Assert.That(timings, Does.Contain("- Serialization: graph: serialize at least 3x faster than Hyperion: 2.1x (goal >= 3x)"));
        Assert.That(timings, Does.Not.Contain("smaller").And.Not.Contain("allocation"));
    }

    [Test]
    public void Build_QuietMachine_TimingMissesAreTheCodes()
    {
        string timings = Section(RunSummary.Build([Serialization()], s_quiet, 2), "Missed timings");

        Assert.That(timings, Does.Contain("a quiet machine: these are the code's"));
        Assert.That(timings, Does.Not.Contain("may be the load"));
    }

    [Test]
    public void Build_NotMeasured_IsListedWithItsReason()
    {
        string notMeasured = Section(RunSummary.Build([Serialization(), Rpc()], s_quiet, 2), "Not measured");

        Assert.That(notMeasured, Does.StartWith("Not measured: 1"));
        Assert.That(notMeasured, Does.Contain("- Serialization: Perzon vs DataContractSerializer: smaller: DataContractSerializer FAILED: $.O3"));
    }

    [Test]
    public void Build_NothingMissed_SaysNone()
    {
        var table = new TargetTable("Cache", [Target.Judged("dto: fewer bytes", "< each", "1 vs 2", met: true, TargetKind.Size)]);

        string summary = RunSummary.Build([table], s_busy, 2);

        Assert.That(summary, Does.Contain("Missed sizes and allocations (the same on any machine: the load does not explain them): none."));
        Assert.That(summary, Does.Contain("Missed timings (the machine was busy, load 12.0 on 2 cores: these may be the load; rerun on a quiet machine): none."));
        Assert.That(summary, Does.Contain("Not measured: none."));
    }

    [Test]
    public void Build_FromMeasuredRows_ListsEachSerializationTargetByVerdict()
    {
        static ContenderResult Row(Type type, string name, double ns, long bytes) =>
            new(type, name, CellStatus.Measured, null, bytes, new Measurement(ns, 0, 3, 1), new Measurement(ns, 0, 3, 1));
        WorkloadResult loop = new("perzon-loop", "Perzon loop", "d", 6,
        [
            Row(typeof(SlimPerCallContender), "Slim (PerCall)", 100, 1000),
            Row(typeof(SlimBatchContender), "Slim (Batch)", 90, 900),
            Row(typeof(BinaryFormatterContender), "BinaryFormatter", 2000, 6000),
            ContenderResult.Failed(typeof(DataContractContender), "DataContractSerializer", "$.O3: expected x"),
        ]);
        var run = new QuickRun(new QuickOptions(), new MachineInfo("cpu", 2, "os", "rt", DateTime.UnixEpoch, null), "quick", TimeSpan.Zero, [loop], []);

        string summary = RunSummary.Build([TargetsReport.Evaluate(run)], s_busy, 2);

        Assert.That(Section(summary, "Missed sizes and allocations"), Does.Contain("Perzon vs BinaryFormatter: smaller: 6x [6.67x] (goal >= 13x)"));
        Assert.That(Section(summary, "Missed timings"), Does.StartWith("Missed timings").And.Not.Contain("BinaryFormatter"));
        Assert.That(Section(summary, "Not measured"), Does.Contain("Perzon vs DataContractSerializer: faster serialize: DataContractSerializer FAILED: $.O3: expected x"));
        // Met: BinaryFormatter's serialize and deserialize (20x), and Slim (Batch) allocating nothing but its output.
        Assert.That(summary, Does.Contain($"| {TargetsReport.Title} | 3 | 1 |"));
    }
}
