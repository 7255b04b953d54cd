namespace NFX.Tests.Fuzz;

/// <summary>
/// One parser under coverage-guided fuzzing: <see cref="Run"/> feeds it one input and throws
/// <see cref="FuzzFindingException"/> when the outcome breaks the parser's documented contract (any exception other
/// than the documented ones, a runtime exception hidden inside a documented one, or an allocation over the budget:
/// <see cref="AllowedBytesPerInputByte"/> x the input + <see cref="AllowedConstantBytes"/>). Under afl
/// (<see cref="TimeBudgeted"/>, set by fuzz.sh) a read slower than <see cref="AllowedTime"/> twice running is a finding
/// too, so the fuzzer hunts amplifications (small inputs that cost much), not only crashes. A hang is caught by the
/// fuzzer's timeout, a crash by the fuzzer itself. The same <see cref="Run"/> replays the checked-in corpora in the
/// normal test suite, where time is not judged (a loaded machine is no finding).
/// </summary>
public abstract class FuzzTarget
{
    /// <summary>Memory a read may allocate per byte of input (the worst legitimate ratio, a Nullable&lt;Int128&gt;[], is 32).</summary>
    public const long AllowedBytesPerInputByte = 64;

    /// <summary>Memory any read may allocate besides (compiling the codecs of types met for the first time included).</summary>
    public const long AllowedConstantBytes = 16L << 20;

    /// <summary>The time a read may take when <see cref="TimeBudgeted"/>: inputs are a few KiB, read in microseconds once warm.</summary>
    public static readonly TimeSpan AllowedTime = TimeSpan.FromSeconds(1);

    /// <summary>True when a read slower than <see cref="AllowedTime"/> (confirmed by a second read) is a finding: set NFX_FUZZ_BUDGET=1.</summary>
    public static bool TimeBudgeted { get; } = Environment.GetEnvironmentVariable("NFX_FUZZ_BUDGET") == "1";

    /// <summary>The name used by <c>fuzz.sh</c>, the host and the corpus folder.</summary>
    public abstract string Name { get; }

    /// <summary>Seed inputs: golden payloads and test corpora encoded the way this target reads them.</summary>
    public abstract IEnumerable<(string Name, byte[] Input)> Seeds();

    /// <summary>Reads one input; throws <see cref="FuzzFindingException"/> for a contract break.</summary>
    public void Run(byte[] input)
    {
        (long allocated, TimeSpan elapsed) = RunOnce(input);
        long budget = AllowedConstantBytes + AllowedBytesPerInputByte * input.Length;
        if (allocated > budget)
        {
            throw new FuzzFindingException($"{Name}: {allocated:N0} bytes allocated for a {input.Length}-byte input (budget {budget:N0}).");
        }
        if (TimeBudgeted && elapsed > AllowedTime)
        {
            // The first read of a type compiles its codec: only a second slow read is the input's doing.
            (_, TimeSpan again) = RunOnce(input);
            if (again > AllowedTime)
            {
                throw new FuzzFindingException($"{Name}: a {input.Length}-byte input took {elapsed.TotalMilliseconds:F0} ms, then {again.TotalMilliseconds:F0} ms.");
            }
        }
    }

    private (long Allocated, TimeSpan Elapsed) RunOnce(byte[] input)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        long start = System.Diagnostics.Stopwatch.GetTimestamp();
        Exception? error = null;
        try
        {
            Parse(input);
        }
        catch (Exception e) when (e is not FuzzFindingException)
        {
            error = e;
        }
        TimeSpan elapsed = System.Diagnostics.Stopwatch.GetElapsedTime(start);
        if (error is not null && Verdict(error) is string problem)
        {
            throw new FuzzFindingException($"{Name}: {problem}", error);
        }
        return (GC.GetAllocatedBytesForCurrentThread() - before, elapsed);
    }

    /// <summary>
    /// The tokens of this target's format, for afl's dictionary (<c>fuzz.sh</c> writes them with the host's
    /// <c>dictionary</c> command): mutations then splice whole handles, type entries and names instead of random bytes.
    /// </summary>
    public virtual IEnumerable<byte[]> DictionaryTokens() => FuzzDictionary.SlimTokens();

    /// <summary>Parses one input; may throw anything, which <see cref="Verdict"/> then judges.</summary>
    protected abstract void Parse(byte[] input);

    /// <summary>Null when <paramref name="error"/> is one of the documented exceptions, else why it is a bug.</summary>
    protected abstract string? Verdict(Exception error);

    /// <inheritdoc/>
    public override string ToString() => Name;
}
