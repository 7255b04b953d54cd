namespace NFX.Tests.Fuzz;

/// <summary>
/// One parser under coverage-guided fuzzing: <see cref="Run"/> feeds it one input and throws
/// <see cref="FuzzFindingException"/> when the outcome breaks the parser's documented contract (any exception other
/// than the documented ones, a runtime exception hidden inside a documented one, or an allocation over
/// <see cref="MaxAllocatedBytes"/>). A hang is caught by the fuzzer's timeout, a crash by the fuzzer itself.
/// The same <see cref="Run"/> replays the checked-in corpora in the normal test suite.
/// </summary>
public abstract class FuzzTarget
{
    /// <summary>Inputs are small (the fuzzer keeps them under a few KiB): nothing legitimate allocates this much.</summary>
    public const long MaxAllocatedBytes = 64L << 20;

    /// <summary>The name used by <c>fuzz.sh</c>, the host and the corpus folder.</summary>
    public abstract string Name { get; }

    /// <summary>Seed inputs: golden payloads and test corpora encoded the way this target reads them.</summary>
    public abstract IEnumerable<(string Name, byte[] Input)> Seeds();

    /// <summary>Reads one input; throws <see cref="FuzzFindingException"/> for a contract break.</summary>
    public void Run(byte[] input)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        Exception? error = null;
        try
        {
            Parse(input);
        }
        catch (Exception e) when (e is not FuzzFindingException)
        {
            error = e;
        }
        if (error is not null && Verdict(error) is string problem)
        {
            throw new FuzzFindingException($"{Name}: {problem}", error);
        }
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        if (allocated > MaxAllocatedBytes)
        {
            throw new FuzzFindingException($"{Name}: {allocated:N0} bytes allocated for a {input.Length}-byte input.");
        }
    }

    /// <summary>Parses one input; may throw anything, which <see cref="Verdict"/> then judges.</summary>
    protected abstract void Parse(byte[] input);

    /// <summary>Null when <paramref name="error"/> is one of the documented exceptions, else why it is a bug.</summary>
    protected abstract string? Verdict(Exception error);

    /// <inheritdoc/>
    public override string ToString() => Name;
}
