using NFX.Perf.Scaling;

namespace NFX.Tests.Perf;

public sealed class ScalingSampleTests
{
    [Test]
    public void ToLine_ThenTryParse_KeepsEveryRunAndTheSizes()
    {
        var sample = new ScalingSample("tree", 16, 352_000_123, [812.25, 790.5, 1_050.125], [540.75, 554.0, 601.5], 8_700_000_000);

        ScalingSample? parsed = ScalingSample.TryParse(sample.ToLine());

        Assert.That(parsed, Is.Not.Null);
        Assert.That((parsed!.Shape, parsed.Millions, parsed.PayloadBytes, parsed.PeakBytes, parsed.Nodes),
            Is.EqualTo(("tree", 16, 352_000_123L, 8_700_000_000L, 16_000_000L)));
        Assert.That(parsed.Serialize, Is.EqualTo(sample.Serialize));
        Assert.That(parsed.Deserialize, Is.EqualTo(sample.Deserialize));
    }

    [TestCase("serialize run 1/3: 130.6 ns/node (load 8.5)")]
    [TestCase("SCALING-RESULT tree 16")]
    [TestCase("")]
    public void TryParse_ProgressOrTruncatedLine_IsNull(string line) =>
        Assert.That(ScalingSample.TryParse(line), Is.Null);

    [TestCase(new[] { 5.0 }, 5.0)]
    [TestCase(new[] { 9.0, 1.0, 5.0 }, 5.0)]
    [TestCase(new[] { 4.0, 1.0, 3.0, 100.0 }, 3.5)]
    public void Median_OddAndEvenCounts_IsTheMiddleNotTheMean(double[] runs, double expected) =>
        Assert.That(ScalingSample.Median(runs), Is.EqualTo(expected));
}
