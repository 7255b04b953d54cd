using NFX.Perf.ColdStart;
using NFX.Perf.Quick;
using NFX.Perf.Workloads.Orders;

namespace NFX.Tests.Perf;

/// <summary>
/// The cold-start table: every contender's round trip is right (in process, untimed), the child's line parses, and the
/// table and its target have their shape whatever the numbers; nothing here depends on a timing.
/// </summary>
public sealed class ColdStartTests
{
    private static IEnumerable<TestCaseData> Available() =>
        ColdStartCatalog.Entries.Where(e => e.Create().Unavailable is null).Select(e => new TestCaseData(e.Name).SetName($"RoundTrip_{e.Name.Replace(' ', '_')}"));

    [TestCaseSource(nameof(Available))]
    public void RoundTrip_OrderAndReading_GiveEqualCopies(string name)
    {
        ColdStartContender contender = ColdStartCatalog.Find(name)!;

        Assert.That(ColdStartChild.Check(ColdStartData.Order(), contender.ToPlain(contender.RoundTrip(ColdStartData.Order()))), Is.Null);
        Assert.That(ColdStartChild.Check(ColdStartData.Reading(), contender.ToPlain(contender.RoundTrip(ColdStartData.Reading()))), Is.Null);
    }

    [Test]
    public void Catalog_SlimFirst_GeneratedSecond_MemoryPackListed()
    {
        string[] names = ColdStartCatalog.Entries.Select(e => e.Name).ToArray();

        Assert.That(names, Is.Unique);
        Assert.That(names[0], Is.EqualTo(ColdStartCatalog.Slim));
        Assert.That(names, Is.SupersetOf(new[] { ColdStartCatalog.MemoryPack, "MessagePack", "Nerdbank.MessagePack", "System.Text.Json", "System.Text.Json (generated)" }));
        Assert.That(names[1], Is.EqualTo(ColdStartCatalog.SlimGenerated));
        Assert.That(ColdStartCatalog.Find(ColdStartCatalog.SlimGenerated)!.Unavailable, Is.Null);
        Assert.That(ColdStartCatalog.All().Select(c => c.Name), Is.EqualTo(names), "each factory makes the contender its entry names");
    }

    [Test]
    public void Child_InThisProcess_PrintsBothTimes()
    {
        using var output = new StringWriter();

        int code = ColdStartChild.Run(ColdStartCatalog.Slim, output);

        Assert.That(code, Is.Zero, output.ToString());
        (double First, double Second)? times = ColdStartBench.Parse(output.ToString(), out string? failure);
        Assert.That(failure, Is.Null);
        Assert.That(times!.Value.First, Is.GreaterThan(0));
        Assert.That(times.Value.Second, Is.GreaterThan(0));
    }

    [Test]
    public void Child_UnknownContender_SaysWhy()
    {
        using var output = new StringWriter();

        int code = ColdStartChild.Run("No Such Serializer", output);

        Assert.That(code, Is.Not.Zero);
        Assert.That(ColdStartBench.Parse(output.ToString(), out string? failure), Is.Null);
        Assert.That(failure, Does.Contain("unknown contender"));
    }

    [Test]
    public void SlimGenerated_ColdStartTypes_HaveGeneratedCodecsTheRowUses()
    {
        // The row times the generated codecs only if the generator wrote them for the cold-start model (found from the
        // Deserialize<T> calls of SlimCold) and the serializer takes them.
        foreach (Type type in new[] { typeof(Order), typeof(Reading) })
        {
            Assert.That(NFX.Slim.Generated.SlimGeneratedCodecs.Contains(type), Is.True, type.Name);
        }
        ColdStartContender contender = ColdStartCatalog.Find(ColdStartCatalog.SlimGenerated)!;
        Assert.That(ColdStartChild.Check(ColdStartData.Order(), contender.ToPlain(contender.RoundTrip(ColdStartData.Order()))), Is.Null);
    }

    [TestCase("COLDSTART 12.5 3.25\n", 12.5, 3.25)]
    [TestCase("noise\nCOLDSTART 0.5 0.125\n", 0.5, 0.125)]
    public void Parse_ResultLine_GivesTheTwoTimes(string output, double first, double second)
    {
        Assert.That(ColdStartBench.Parse(output, out string? failure), Is.EqualTo((first, second)));
        Assert.That(failure, Is.Null);
    }

    [Test]
    public void Parse_NothingPrinted_SaysSo()
    {
        Assert.That(ColdStartBench.Parse("", out string? failure), Is.Null);
        Assert.That(failure, Is.EqualTo("the child printed no result"));
    }

    [Test]
    public void Table_RowsOfEveryKind_HaveTheTitleColumnsMediansAndReasons()
    {
        string table = ColdStartBench.Table(Rows(slim: [300, 200, 250], memoryPack: [30, 40, 20]), 3);

        Assert.That(table, Does.StartWith($"### {ColdStartBench.Title}"));
        Assert.That(table, Does.Contain("| Contender | First call: 5-type order (ms) | vs Slim | Second, unrelated type (ms) | Runs |"));
        Assert.That(table, Does.Contain("| Slim | 250 (200-300) | 1.00x | 10.0 (10.0-10.0) | 3 |"));
        Assert.That(table, Does.Contain("| MemoryPack | 30.0 (20.0-40.0) | 0.12x | 10.0 (10.0-10.0) | 3 |"));
        Assert.That(table, Does.Contain($"| {ColdStartCatalog.SlimGenerated} | n/a: not built yet |"));
        Assert.That(table, Does.Contain("| Nerdbank.MessagePack | FAILED: boom |"));
        Assert.That(table, Does.Contain("- **Slim**: notes."));
    }

    [Test]
    public void Targets_SlimAgainstMemoryPack_JudgedOnTheMedians()
    {
        Target missed = ColdStartBench.Targets(Rows(slim: [300, 200, 250], memoryPack: [30, 40, 20])).Targets.First();
        Target met = ColdStartBench.Targets(Rows(slim: [10, 20, 30], memoryPack: [30, 40, 20])).Targets.First();

        Assert.That(missed.Verdict, Is.EqualTo(Verdict.Missed));
        Assert.That(missed.Measured, Is.EqualTo("250 vs 30.0 ms (8.33x)"));
        Assert.That(met.Verdict, Is.EqualTo(Verdict.Met));
        Assert.That(missed.Kind, Is.EqualTo(TargetKind.Timing));
    }

    [Test]
    public void Targets_GeneratedRow_JudgedOnItsOwn()
    {
        ColdStartRow[] rows =
        [
            new(ColdStartCatalog.Slim, "notes", CellStatus.Measured, null, [300], [1]),
            new(ColdStartCatalog.SlimGenerated, "notes", CellStatus.Measured, null, [25], [1]),
            new(ColdStartCatalog.MemoryPack, "notes", CellStatus.Measured, null, [30], [1]),
        ];

        Target[] targets = [.. ColdStartBench.Targets(rows).Targets];

        Assert.That(targets.Select(t => t.Verdict), Is.EqualTo(new[] { Verdict.Missed, Verdict.Met }));
        Assert.That(targets[1].Name, Does.StartWith(ColdStartCatalog.SlimGenerated + ":"));
        Assert.That(targets[1].Measured, Is.EqualTo("25.0 vs 30.0 ms (0.833x)"));
    }

    [Test]
    public void Targets_MemoryPackFailed_IsNotMeasuredWithTheReason()
    {
        ColdStartRow[] rows =
        [
            new(ColdStartCatalog.Slim, "notes", CellStatus.Measured, null, [10], [1]),
            new(ColdStartCatalog.MemoryPack, "notes", CellStatus.Failed, "crashed", [], []),
        ];

        Target target = ColdStartBench.Targets(rows).Targets.Single();

        Assert.That(target.Verdict, Is.EqualTo(Verdict.NotMeasured));
        Assert.That(target.Result, Does.Contain("MemoryPack FAILED: crashed"));
    }

    [Test]
    public void Median_OddAndEvenCounts()
    {
        Assert.That(ColdStartRow.Median([3, 1, 2]), Is.EqualTo(2));
        Assert.That(ColdStartRow.Median([4, 1, 3, 2]), Is.EqualTo(2.5));
        Assert.That(ColdStartRow.Median([]), Is.NaN);
    }

    private static ColdStartRow[] Rows(double[] slim, double[] memoryPack) =>
    [
        new(ColdStartCatalog.Slim, "notes", CellStatus.Measured, null, slim, [10, 10, 10]),
        new(ColdStartCatalog.SlimGenerated, "notes", CellStatus.NotApplicable, "not built yet", [], []),
        new(ColdStartCatalog.MemoryPack, "notes", CellStatus.Measured, null, memoryPack, [10, 10, 10]),
        new("Nerdbank.MessagePack", "notes", CellStatus.Failed, "boom", [], []),
    ];
}
