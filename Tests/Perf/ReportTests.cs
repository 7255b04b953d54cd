using System.Xml.Linq;
using NFX.Perf.Cloning;
using NFX.Perf.Contenders;
using NFX.Perf.Contenders.Thrift;
using NFX.Perf.Quick;

namespace NFX.Tests.Perf;

public sealed class ReportTests
{
    private static readonly QuickOptions s_options = new() { PerzonLoop = 1000 };

    private static ContenderResult Measured(Type type, string name, double serializeNs, double deserializeNs, long bytes) =>
        new(type, name, CellStatus.Measured, null, bytes, new Measurement(serializeNs, 0, 3, 1), new Measurement(deserializeNs, 0, 3, 1));

    private static QuickRun Run(params WorkloadResult[] workloads) =>
        new(s_options, new MachineInfo("cpu", 2, "os", "rt", DateTime.UnixEpoch, null), "quick", TimeSpan.FromSeconds(1), workloads, []);

    private static WorkloadResult PerzonLoop(double bfSerialize, double bfDeserialize, long bfBytes) => new("perzon-loop", "Perzon loop", "d", 6,
    [
        Measured(typeof(SlimPerCallContender), "Slim (PerCall)", 100, 100, 1000),
        Measured(typeof(SlimBatchContender), "Slim (Batch)", 50, 50, 800),
        Measured(typeof(BinaryFormatterContender), "BinaryFormatter", bfSerialize, bfDeserialize, bfBytes),
        ContenderResult.Failed(typeof(DataContractContender), "DataContractSerializer", "$.O3: expected x"),
        ContenderResult.NotApplicable(typeof(ProtobufNetContender), "protobuf-net", "package not available"),
    ]);

    [Test]
    public void Evaluate_RatiosAboveAndBelowGoals_AreMetAndMissed()
    {
        QuickRun run = Run(PerzonLoop(bfSerialize: 1600, bfDeserialize: 900, bfBytes: 13_000));

        var targets = TargetsReport.Evaluate(run).Targets.Where(t => t.Name.StartsWith("Perzon vs BinaryFormatter", StringComparison.Ordinal)).ToList();

        Assert.That(targets.Select(t => (t.Measured, t.Result)), Is.EqualTo(new[]
        {
            ("16x [32x]", "met"),
            ("9x [18x]", "missed"),
            ("13x [16.25x]", "met"),
        }));
    }

    [TestCase(10, 35, 6, "3.5x", "met", "1.67x", "met")]
    [TestCase(10, 25, 4, "2.5x", "missed", "2.5x", "missed")]
    public void Evaluate_DeepClone_AgainstTheRoundTripAndTheHandWrittenClone(
        double deepClone, double roundTrip, double handWritten, string fasterThanRoundTrip, string verdict, string ofHandWritten, string handVerdict)
    {
        WorkloadResult clones = new("clone-dto", "Deep clone: DTO", "d", 6,
        [
            Measured(typeof(SlimDeepCloneContender), "Slim.DeepClone", deepClone, 0, 0),
            Measured(typeof(SlimRoundTripCloneContender), "Slim serialize + deserialize", roundTrip, 0, 0),
            Measured(typeof(HandWrittenCloneContender), "hand-written clone", handWritten, 0, 0),
        ]);
        QuickRun run = new(s_options, new MachineInfo("cpu", 2, "os", "rt", DateTime.UnixEpoch, null), "quick", TimeSpan.FromSeconds(1), [], [clones]);

        var targets = TargetsReport.Evaluate(run).Targets.Where(t => t.Name.StartsWith("dto: DeepClone", StringComparison.Ordinal)).ToList();

        Assert.That(targets.Select(t => (t.Name, t.Goal, t.Measured, t.Result)), Is.EqualTo(new[]
        {
            ("dto: DeepClone at least 3x faster than serialize + deserialize", ">= 3x", fasterThanRoundTrip, verdict),
            ("dto: DeepClone at most 2x a hand-written clone", "<= 2x", ofHandWritten, handVerdict),
        }));
    }

    [Test]
    public void Evaluate_PeerFailedVerification_IsNotMeasuredWithTheReason()
    {
        QuickRun run = Run(PerzonLoop(1600, 900, 13_000));

        Target target = TargetsReport.Evaluate(run).Targets.First(t => t.Name.StartsWith("Perzon vs DataContractSerializer", StringComparison.Ordinal));

        Assert.That((target.Verdict, target.Result), Is.EqualTo((Verdict.NotMeasured, "not measured: DataContractSerializer FAILED: $.O3: expected x")));
    }

    [Test]
    public void Evaluate_RowsAreFoundByContenderType_NotByDisplayName()
    {
        WorkloadResult table = PerzonLoop(1600, 900, 13_000);
        WorkloadResult renamed = table with
        {
            Rows = [.. table.Rows.Select(r => r.ContenderType == typeof(BinaryFormatterContender) ? r with { Contender = "BF (renamed)" } : r)],
        };

        Target serialize = TargetsReport.Evaluate(Run(renamed)).Targets.First(t => t.Name == "Perzon vs BinaryFormatter: faster serialize");

        Assert.That((serialize.Measured, serialize.Verdict), Is.EqualTo(("16x [32x]", Verdict.Met)));
    }

    [Test]
    public void Evaluate_PerzonSizeMiss_IsASizeExplainedByTheSparseRecordNotByTheLoad()
    {
        QuickRun run = Run(PerzonLoop(1600, 900, bfBytes: 6_000)) with
        {
            SparsePerzon = new SparsePerzonSizes(new Dictionary<Type, long>
            {
                [typeof(SlimPerCallContender)] = 140, [typeof(SlimBatchContender)] = 85, [typeof(BinaryFormatterContender)] = 1_313,
            }),
        };

        Target size = TargetsReport.Evaluate(run).Targets.Single(t => t.Name == "Perzon vs BinaryFormatter: smaller");

        Assert.That((size.Verdict, size.Kind, size.Measured), Is.EqualTo((Verdict.Missed, TargetKind.Size, "6x [7.5x]")));
        Assert.That(size.Why, Does.StartWith("the ancestor's figure was for a sparsely filled Perzon (one here: 9.38x [15.45x]);"));
        Assert.That(size.Why, Does.EndWith("data every format writes alike"));
    }

    [Test]
    public void Evaluate_FilteredRun_ListsOnlyTheTargetsOfTheWorkloadsItMeasured()
    {
        TargetTable table = TargetsReport.Evaluate(Run(PerzonLoop(1600, 900, 13_000)));

        Assert.That(table.Targets.Select(t => t.Name.Split(':')[0]).Distinct(), Is.EquivalentTo(new[]
        {
            "Perzon vs BinaryFormatter", "Perzon vs DataContractSerializer", "perzon-loop",
            "Serialize into a reused buffer allocates nothing but the output (Slim (Batch), per call)",
        }));
    }

    [Test]
    public void Evaluate_GraphCapablePeersNoneVerified_IsNotMeasuredRatherThanMet()
    {
        WorkloadResult graph = new("graph", "Graph", "d", 6,
        [
            Measured(typeof(SlimPerCallContender), "Slim (PerCall)", 100, 100, 1000),
            ContenderResult.Failed(typeof(HyperionContender), "Hyperion", "lost a cycle"),
        ]);

        Target target = TargetsReport.Evaluate(Run(graph)).Targets.First(t => t.Name == "graph: faster serialize than every other graph-capable contender");

        Assert.That(target.Result, Is.EqualTo("not measured: no other graph-capable contender passed verification"));
    }

    [Test]
    public void AppendTable_MixedRows_ShowsRatiosAndFailedButNoNotApplicableRow()
    {
        var text = new System.Text.StringBuilder();

        MarkdownReport.AppendTable(text, PerzonLoop(1600, 900, 13_000));

        string table = text.ToString();
        Assert.That(table, Does.Contain("| BinaryFormatter | 1.60 µs (16.0x) | 900 ns (9.00x) | 13,000 B (13.0x) |"));
        Assert.That(table, Does.Not.Contain("protobuf-net"));
        Assert.That(table, Does.Contain("FAILED: $.O3: expected x |"));
    }

    [Test]
    public void NotApplicable_SameContenderOnSeveralWorkloads_IsOneLineWithEveryWorkloadAndReason()
    {
        WorkloadResult graph = new("graph", "Graph", "d", 6,
        [
            Measured(typeof(SlimPerCallContender), "Slim (PerCall)", 100, 100, 1000),
            ContenderResult.NotApplicable(typeof(ProtobufNetContender), "protobuf-net", "no cycles"),
            ContenderResult.NotApplicable(typeof(ThriftBinaryContender), "Thrift (Binary)", "no cycles"),
        ]);
        WorkloadResult list = new("linked-list", "List", "d", 6,
        [
            Measured(typeof(SlimPerCallContender), "Slim (PerCall)", 100, 100, 1000),
            ContenderResult.NotApplicable(typeof(ProtobufNetContender), "protobuf-net", "no cycles"),
            ContenderResult.NotApplicable(typeof(ThriftBinaryContender), "Thrift (Binary)", "too deep"),
        ]);

        string[] lines = MarkdownReport.NotApplicable([PerzonLoop(1600, 900, 13_000), graph, list])
            .Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);

        Assert.That(lines.Where(l => l.StartsWith("- ", StringComparison.Ordinal)), Is.EqualTo(new[]
        {
            "- **protobuf-net**: perzon-loop (package not available); graph, linked-list (no cycles)",
            "- **Thrift (Binary)**: graph (no cycles); linked-list (too deep)",
        }));
    }

    [Test]
    public void NotApplicable_NoneAnywhere_IsEmpty()
    {
        WorkloadResult only = new("dto", "Dto", "d", 6, [Measured(typeof(SlimPerCallContender), "Slim (PerCall)", 100, 100, 1000)]);

        Assert.That(MarkdownReport.NotApplicable([only]), Is.Empty);
    }

    [Test]
    public void LoadLine_BusyMachine_WarnsThatMissedTimingTargetsMayBeTheLoad_NotSizes()
    {
        string busy = QuickRunner.LoadLine(9.5, 12.0, 2);
        string quiet = QuickRunner.LoadLine(0.5, 1.0, 2);

        Assert.That(busy, Does.Contain("WARNING: the machine is busy (load 12.0 on 2 cores)"));
        Assert.That(busy, Does.Contain("a missed timing target may be the load"));
        Assert.That(busy, Does.Contain("sizes and allocations are not affected"));
        Assert.That(quiet, Does.Not.Contain("WARNING"));
        Assert.That(QuickRunner.LoadLine(null, null, 2), Does.Contain("unknown"));
    }

    [Test]
    public void Render_Chart_IsWellFormedSvgWithTwoBarsPerMeasuredRow()
    {
        string svg = SvgChart.Render(PerzonLoop(1600, 900, 13_000), typeof(SlimPerCallContender));

        XDocument document = XDocument.Parse(svg);
        XNamespace ns = "http://www.w3.org/2000/svg";
        int bars = document.Descendants(ns + "rect").Count(r => r.Element(ns + "title") is not null);
        Assert.That(bars, Is.EqualTo(6));
        Assert.That(svg, Does.Contain("n/a: package not available"));
        Assert.That(svg, Does.Contain("FAILED: $.O3: expected x"));
    }

    [Test]
    public void Parse_AllOptions_AreRead()
    {
        QuickOptions options = QuickOptions.Parse(["--filter", "perzon,graph", "--loop", "500000", "--budget-ms", "100", "--out", "/tmp/x"]);

        Assert.That(options.Filters, Is.EqualTo(new[] { "perzon", "graph" }));
        Assert.That((options.PerzonLoop, options.Budget, options.OutputDirectory, options.WriteDocs),
            Is.EqualTo((500_000, TimeSpan.FromMilliseconds(100), "/tmp/x", true)));
        Assert.That(options.Selects("perzon-loop") && options.Selects("graph") && !options.Selects("dto"), Is.True);
    }

    [Test]
    public void Parse_Docs_AreWrittenOnlyWhenAsked()
    {
        Assert.That(QuickOptions.Parse([]).WriteDocs, Is.False);
        Assert.That(QuickOptions.Parse(["--write-docs"]).WriteDocs, Is.True);
        Assert.That(QuickOptions.Parse(["--write-docs", "--no-docs"]).WriteDocs, Is.False);
    }

    [Test]
    public void Parse_UnknownOption_Throws()
    {
        Assert.That(() => QuickOptions.Parse(["--fast"]), Throws.ArgumentException.With.Message.Contains("--fast"));
    }
}
