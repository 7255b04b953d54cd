namespace NFX.Tests.Fuzz;

/// <summary>
/// Keeps what the coverage-guided fuzzer learned: every input of each target's minimized corpus (and every past
/// finding, kept beside it as <c>finding-*.bin</c>) is read again through the same target and oracle, and every
/// target's seeds pass too. Runs in seconds; <c>Tests/Fuzz/fuzz.sh</c> grows the corpora.
/// </summary>
public sealed class FuzzCorpusTests
{
    private static string CorpusFolder(string target) => Path.Combine(TestContext.CurrentContext.TestDirectory, "Fuzz", "Corpus", target);

    private static IEnumerable<string> Targets => FuzzTargets.Names;

    [TestCaseSource(nameof(Targets))]
    public void Corpus_EveryInput_KeepsTheContract(string name)
    {
        FuzzTarget target = FuzzTargets.Get(name);
        Assert.That(RunCorpus(target, name, input => input), Is.Empty);
    }

    /// <summary>
    /// The corpora were grown when messages were format version 1 (every body queued); read as version 2 (bodies
    /// depth-first, docs/FORMAT.md "Bodies") the same bytes take the reader down the other order, which must keep the
    /// contract as well.
    /// </summary>
    [TestCaseSource(nameof(Targets))]
    public void Corpus_Version1MessagesReadAsVersion2_KeepTheContract(string name)
    {
        FuzzTarget target = FuzzTargets.Get(name);
        int relabelled = 0;
        List<string> failures = RunCorpus(target, name, input =>
        {
            // A message frame at the start of the input (the layout target puts one option byte before it).
            for (int at = 0; at <= 1 && at + 3 <= input.Length; at++)
            {
                if (input[at] == (byte)'S' && input[at + 1] == (byte)'L' && input[at + 2] == 1)
                {
                    relabelled++;
                    byte[] copy = [.. input];
                    copy[at + 2] = 2;
                    return copy;
                }
            }
            return null;
        });
        Assert.That(failures, Is.Empty);
        if (name.StartsWith("slim-", StringComparison.Ordinal))
        {
            Assert.That(relabelled, Is.GreaterThan(100), "the Slim corpora start with version 1 frames");
        }
    }

    private static List<string> RunCorpus(FuzzTarget target, string name, Func<byte[], byte[]?> prepare)
    {
        string[] files = Directory.Exists(CorpusFolder(name)) ? Directory.GetFiles(CorpusFolder(name), "*.bin") : [];
        Assert.That(files, Is.Not.Empty, $"no checked-in corpus for {name} (Tests/Fuzz/Corpus/{name})");
        var failures = new List<string>();
        foreach (string file in files.Order(StringComparer.Ordinal))
        {
            if (prepare(File.ReadAllBytes(file)) is not { } input)
            {
                continue;
            }
            try
            {
                target.Run(input);
            }
            catch (FuzzFindingException e)
            {
                failures.Add($"{Path.GetFileName(file)}: {e.Message} {e.InnerException}");
            }
        }
        return failures;
    }

    [TestCaseSource(nameof(Targets))]
    public void Seeds_EveryInput_KeepsTheContract(string name)
    {
        FuzzTarget target = FuzzTargets.Get(name);
        (string Name, byte[] Input)[] seeds = [.. target.Seeds()];
        Assert.That(seeds, Is.Not.Empty);
        foreach ((string seed, byte[] input) in seeds)
        {
            Assert.DoesNotThrow(() => target.Run(input), seed);
        }
    }

    [Test]
    public void Run_UndocumentedException_IsAFinding()
    {
        var target = new ThrowingTarget();
        FuzzFindingException e = Assert.Throws<FuzzFindingException>(() => target.Run([1]))!;
        Assert.That(e.InnerException, Is.TypeOf<IndexOutOfRangeException>());
    }

    [Test]
    public void Run_OverAllocation_IsAFinding()
    {
        var target = new AllocatingTarget();
        Assert.That(() => target.Run([1]), Throws.TypeOf<FuzzFindingException>().With.Message.Contains("allocated"));
    }

    [TestCaseSource(nameof(Targets))]
    public void Dictionary_IsAflFormat_AndHoldsTheFormatsTokens(string name)
    {
        string dictionary = FuzzDictionary.Format(FuzzTargets.Get(name).DictionaryTokens());
        string[] lines = dictionary.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.That(lines, Has.Length.GreaterThan(40));
        Assert.That(lines, Is.All.Match(@"^""(\\x[0-9A-F]{2})+""$"));
        string tuple = string.Concat(FuzzDictionary.Encoded("System.Tuple`1").Select(b => $"\\x{b:X2}"));
        Assert.That(lines, Does.Contain($"\"{tuple}\""), "type names as the format writes them");
        Assert.That(lines, Does.Contain("\"\\x53\\x4C\\x02\\x00\""), "the frame");
    }

    private sealed class ThrowingTarget : FuzzTarget
    {
        public override string Name => "throwing";

        public override IEnumerable<(string Name, byte[] Input)> Seeds() => [];

        protected override void Parse(byte[] input) => throw new IndexOutOfRangeException();

        protected override string? Verdict(Exception error) => $"escaped {error.GetType().Name}";
    }

    private sealed class AllocatingTarget : FuzzTarget
    {
        public override string Name => "allocating";

        public override IEnumerable<(string Name, byte[] Input)> Seeds() => [];

        protected override void Parse(byte[] input) => GC.KeepAlive(new byte[AllowedConstantBytes + AllowedBytesPerInputByte * input.Length + 1]);

        protected override string? Verdict(Exception error) => null;
    }
}
