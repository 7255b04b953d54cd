using System.Diagnostics;
using NFX.Slim;
using NFX.Tests.Support;

namespace NFX.Tests.Security.Support;

/// <summary>One input that broke the contract, with the bytes to reproduce it.</summary>
public sealed record FuzzFinding(long Index, string Kind, string Detail, byte[] Input)
{
    public override string ToString() => $"#{Index} {Kind}: {Detail}\n  input: {Convert.ToHexString(Input)}";
}

/// <summary>What a fuzz run did.</summary>
public sealed record FuzzReport(long Inputs, long Accepted, long MaxAllocatedBytes, double MaxMilliseconds,
    IReadOnlyDictionary<string, long> Outcomes, IReadOnlyList<FuzzFinding> Findings);

/// <summary>
/// The bounded mutation fuzzer. Input <c>i</c> is derived from (seed, i) alone, so a run is reproducible whatever the
/// thread scheduling, and a finding is replayed from its index. Each input is read by one of three configurations:
/// the corpus policy, <see cref="SlimTypePolicy.AllowAll"/> (the deny-list alone between the bytes and the types) and
/// <c>Deserialize&lt;T&gt;</c>, all with tight limits; one input in ten goes through a one-byte-at-a-time stream.
/// Per input it checks the exception contract (<see cref="FuzzOracle"/>), the time (a watchdog on the main thread
/// reports an input still running after <see cref="HangAfter"/>; a finished one over <see cref="SlowAfter"/> is a
/// finding) and the bytes allocated on the reading thread.
/// </summary>
public sealed class FuzzRunner
{
    public static readonly TimeSpan SlowAfter = TimeSpan.FromSeconds(1);
    public static readonly TimeSpan HangAfter = TimeSpan.FromSeconds(20);

    /// <summary>Tight limits: fuzz inputs are small, so nothing legitimate comes near them.</summary>
    public static readonly SlimLimits Limits = new()
    {
        MaxMessageBytes = 1 << 20, MaxObjects = 100_000, MaxCollectionLength = 1 << 20, MaxStringBytes = 1 << 20,
        MaxArrayTotalElements = 1 << 20, MaxDepth = 64, MaxHashCollisions = 100,
    };

    /// <summary>The allocation budget of one read: this constant (codecs compiled for types met the first time) ...</summary>
    public const long MaxAllocatedBytesPerInput = 16L << 20;

    /// <summary>... plus this much per byte of input (docs/SECURITY.md: memory proportional to the input).</summary>
    public const long AllocatedBytesPerInputByte = 64;

    private readonly SlimSerializer _policy = Corpus.NewSerializer(Limits);
    private readonly SlimSerializer _allowAll = Corpus.NewSerializer(Limits, SlimTypePolicy.AllowAll);
    private readonly SlimSerializer _scoped = new(SlimOptions.Default with { Limits = Limits, Serializers = Corpus.Options.Serializers });
    private readonly IReadOnlyList<CorpusEntry> _corpus = Corpus.Entries;
    private readonly int _seed;

    public FuzzRunner(int seed) => _seed = seed;

    /// <summary>The input of index <paramref name="index"/>.</summary>
    public byte[] Input(long index, out Random random)
    {
        random = new Random(HashCode.Combine(_seed, index));
        byte[] seed = _corpus[random.Next(_corpus.Count)].Bytes;
        return Mutator.Mutate(seed, _corpus, random);
    }

    /// <summary>Reads input <paramref name="index"/>; returns the outcome name and, for a bug, a finding.</summary>
    public (string Outcome, FuzzFinding? Finding, long Allocated, double Milliseconds) RunOne(long index)
    {
        byte[] input = Input(index, out Random random);
        int mode = (int)(index % 3);
        bool viaStream = index % 10 == 9;
        long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
        long started = Stopwatch.GetTimestamp();
        Exception? error = null;
        object? result = null;
        try
        {
            result = mode switch
            {
                0 => viaStream ? _policy.Deserialize(new OneByteStream(input)) : _policy.Deserialize(input.AsMemory()),
                1 => viaStream ? _allowAll.Deserialize(new OneByteStream(input)) : _allowAll.Deserialize(new ReadOnlySpan<byte>(input)),
                _ => random.Next(2) == 0 ? _scoped.Deserialize<NFX.Tests.Slim.Support.Node>(input.AsMemory())
                                         : _scoped.Deserialize<object[]>(input.AsMemory()),
            };
        }
        catch (Exception e)
        {
            error = e;
        }
        double milliseconds = Stopwatch.GetElapsedTime(started).TotalMilliseconds;
        long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;

        FuzzFinding? finding = null;
        if (FuzzOracle.Verdict(error) is { } bug)
        {
            finding = new FuzzFinding(index, "contract", bug + "\n" + error, input);
        }
        else if (milliseconds > SlowAfter.TotalMilliseconds && IsSlowAgain(input, mode))
        {
            // Confirmed on a second read: a one-off pause (GC, a busy machine) is not a finding.
            finding = new FuzzFinding(index, "slow", $"{milliseconds:F0} ms", input);
        }
        else if (allocated > MaxAllocatedBytesPerInput + AllocatedBytesPerInputByte * input.Length)
        {
            finding = new FuzzFinding(index, "allocation", $"{allocated} bytes allocated", input);
        }
        else if (result is not null && mode != 1)
        {
            finding = Reserialize(index, input, result, mode == 0 ? _policy : _scoped);
        }
        string outcome = error is null ? "accepted" : error.GetType().Name;
        return (outcome, finding, allocated, milliseconds);
    }

    private bool IsSlowAgain(byte[] input, int mode)
    {
        long started = Stopwatch.GetTimestamp();
        try
        {
            (mode == 1 ? _allowAll : _policy).Deserialize(input.AsMemory());
        }
        catch (Exception)
        {
            // the outcome was judged on the first read; only the time matters here
        }
        return Stopwatch.GetElapsedTime(started) > SlowAfter;
    }

    /// <summary>Whatever a read produced must be writable again: a reader that builds objects its writer cannot handle is broken.</summary>
    private static FuzzFinding? Reserialize(long index, byte[] input, object result, SlimSerializer slim)
    {
        try
        {
            slim.Serialize(result);
            return null;
        }
        catch (SlimSerializationException)
        {
            return null; // e.g. an accepted graph deeper than MaxDepth allows writing
        }
        catch (Exception e)
        {
            return new FuzzFinding(index, "reserialize", e.ToString(), input);
        }
    }

    /// <summary>
    /// Runs inputs <paramref name="first"/>.. on <paramref name="threads"/> threads until <paramref name="count"/> inputs
    /// ran or <paramref name="until"/> passed. <paramref name="onFinding"/> is called (under a lock) for every finding.
    /// </summary>
    public FuzzReport Run(long first, long count, int threads, DateTime? until = null, Action<FuzzFinding>? onFinding = null)
    {
        var findings = new List<FuzzFinding>();
        var outcomes = new Dictionary<string, long>();
        long next = first - 1, done = 0, accepted = 0, maxAllocated = 0;
        double maxMilliseconds = 0;
        long last = first + count;
        var running = new long[threads];
        var startedAt = new long[threads];
        var gate = new object();
        var workers = new Thread[threads];
        for (int t = 0; t < threads; t++)
        {
            int slot = t;
            workers[t] = new Thread(() =>
            {
                var localOutcomes = new Dictionary<string, long>();
                while (true)
                {
                    long index = Interlocked.Increment(ref next);
                    if (index >= last || (until is { } deadline && DateTime.UtcNow >= deadline))
                    {
                        break;
                    }
                    Volatile.Write(ref running[slot], index);
                    Volatile.Write(ref startedAt[slot], Stopwatch.GetTimestamp());
                    (string outcome, FuzzFinding? finding, long allocated, double ms) = RunOne(index);
                    Volatile.Write(ref startedAt[slot], 0);
                    localOutcomes[outcome] = localOutcomes.GetValueOrDefault(outcome) + 1;
                    lock (gate)
                    {
                        done++;
                        accepted += outcome == "accepted" ? 1 : 0;
                        maxAllocated = Math.Max(maxAllocated, allocated);
                        maxMilliseconds = Math.Max(maxMilliseconds, ms);
                        if (finding is not null)
                        {
                            findings.Add(finding);
                            onFinding?.Invoke(finding);
                        }
                    }
                }
                lock (gate)
                {
                    foreach ((string key, long value) in localOutcomes)
                    {
                        outcomes[key] = outcomes.GetValueOrDefault(key) + value;
                    }
                }
            }) { IsBackground = true, Name = "fuzz-" + t };
            workers[t].Start();
        }
        // The watchdog: a hung input never returns, so it is caught here, not by the worker.
        while (!workers.All(w => w.Join(200)))
        {
            for (int t = 0; t < threads; t++)
            {
                long started = Volatile.Read(ref startedAt[t]);
                if (started != 0 && Stopwatch.GetElapsedTime(started) > HangAfter)
                {
                    long index = Volatile.Read(ref running[t]);
                    lock (gate)
                    {
                        var hang = new FuzzFinding(index, "hang", $"still running after {HangAfter.TotalSeconds} s", Input(index, out _));
                        findings.Add(hang);
                        onFinding?.Invoke(hang);
                        return new FuzzReport(done, accepted, maxAllocated, maxMilliseconds, new Dictionary<string, long>(outcomes), [.. findings]);
                    }
                }
            }
        }
        return new FuzzReport(done, accepted, maxAllocated, maxMilliseconds, outcomes, findings);
    }
}
