using NFX.Tests.Security.Support;

namespace NFX.Tests.Security;

/// <summary>
/// The bounded mutation fuzzer over the corpus (see <see cref="FuzzRunner"/>): a fixed seed in CI, so a failure is
/// reproducible from the input index it reports; Tests/Slim/Security/fuzz.sh runs it for longer with a random seed.
/// </summary>
[NonParallelizable] // it uses both cores itself
public sealed class FuzzTests
{
    public const int CiSeed = 20_250_601;
    public const long CiInputs = 200_000;

    [Test]
    public void Fuzz_200kMutatedCorpusInputs_OnlyDocumentedExceptionsNoHangNoBigAllocation()
    {
        var runner = new FuzzRunner(CiSeed);
        FuzzReport report = runner.Run(first: 0, count: CiInputs, threads: 2);

        TestContext.Out.WriteLine($"inputs {report.Inputs}, accepted {report.Accepted}, max allocated {report.MaxAllocatedBytes} bytes, " +
                                  $"slowest {report.MaxMilliseconds:F1} ms");
        foreach ((string outcome, long count) in report.Outcomes.OrderByDescending(p => p.Value))
        {
            TestContext.Out.WriteLine($"  {outcome}: {count}");
        }
        Assert.That(report.Findings, Is.Empty, string.Join("\n", report.Findings.Take(10)));
        Assert.That(report.Inputs, Is.EqualTo(CiInputs));
        Assert.That(report.Accepted, Is.GreaterThan(0), "some mutations must still be valid messages, or the fuzzer is not reaching the reader");
        Assert.That(report.Outcomes.Keys, Is.SupersetOf(new[] { "SlimFormatException", "SlimTypeNotAllowedException", "SlimDeserializationException" }),
            "the fuzzer must reach the format checks, the type policy and the graph checks");
    }

    // The long run exists only when fuzz.sh asks for it: an [Explicit] test would be listed as "Skipped" in every
    // plain run while the summary counts no skipped test.
    public static IEnumerable<string> LongRuns()
    {
        string? minutes = Environment.GetEnvironmentVariable("NFX_FUZZ_MINUTES");
        return minutes is null ? [] : [minutes];
    }

    /// <summary>
    /// The long run, outside CI: <c>Tests/Slim/Security/fuzz.sh MINUTES [SEED] [OUTDIR]</c> sets NFX_FUZZ_MINUTES, NFX_FUZZ_SEED
    /// and NFX_FUZZ_OUT; every finding is saved as OUTDIR/KIND-SEED-INDEX.bin with a .txt description.
    /// </summary>
    [TestCaseSource(nameof(LongRuns))]
    public void Fuzz_LongRun_FromEnvironment(string minutesText)
    {
        double minutes = double.Parse(minutesText, System.Globalization.CultureInfo.InvariantCulture);
        int seed = int.Parse(Environment.GetEnvironmentVariable("NFX_FUZZ_SEED") ?? Random.Shared.Next().ToString(), System.Globalization.CultureInfo.InvariantCulture);
        string outDir = Environment.GetEnvironmentVariable("NFX_FUZZ_OUT") ?? Path.Combine(Path.GetTempPath(), "nfx-fuzz");
        Directory.CreateDirectory(outDir);
        var runner = new FuzzRunner(seed);
        FuzzReport report = runner.Run(0, long.MaxValue - 1, Environment.ProcessorCount, DateTime.UtcNow.AddMinutes(minutes), finding =>
        {
            string stem = Path.Combine(outDir, $"{finding.Kind}-{seed}-{finding.Index}");
            File.WriteAllBytes(stem + ".bin", finding.Input);
            File.WriteAllText(stem + ".txt", finding.ToString());
        });
        TestContext.Out.WriteLine($"seed {seed}: {report.Inputs} inputs in {minutes} min, accepted {report.Accepted}, findings {report.Findings.Count} (saved in {outDir})");
        foreach ((string outcome, long count) in report.Outcomes.OrderByDescending(p => p.Value))
        {
            TestContext.Out.WriteLine($"  {outcome}: {count}");
        }
        Assert.That(report.Findings, Is.Empty, string.Join("\n", report.Findings.Take(10)));
    }
}
