using System.Collections.Concurrent;

namespace NFX.Perf.Soak;

/// <summary>
/// What one soak client saw, per call kind: completed, failed with a documented error (by exception type), failed
/// with anything else, answered wrongly, or hung. Thread-safe; serialized as the client's <c>RESULT</c> line.
/// </summary>
public sealed class SoakTally
{
    private const int MaxExamples = 5;

    /// <summary>Calls completed with the right answer, by kind.</summary>
    public ConcurrentDictionary<string, long> Completed { get; init; } = new();

    /// <summary>Calls failed with a documented error, by "kind: exception type".</summary>
    public ConcurrentDictionary<string, long> Documented { get; init; } = new();

    /// <summary>Calls failed with an undocumented error, by kind.</summary>
    public ConcurrentDictionary<string, long> Undocumented { get; init; } = new();

    /// <summary>Calls answered with a wrong value, by kind.</summary>
    public ConcurrentDictionary<string, long> Wrong { get; init; } = new();

    /// <summary>Calls not finished long after their deadline, by kind.</summary>
    public ConcurrentDictionary<string, long> Hung { get; init; } = new();

    /// <summary>The first few undocumented errors, wrong answers and hangs, for the report.</summary>
    public ConcurrentQueue<string> Examples { get; init; } = new();

    /// <summary>Counts one outcome.</summary>
    public void Add(ConcurrentDictionary<string, long> outcome, string key, string? example = null)
    {
        outcome.AddOrUpdate(key, 1, (_, n) => n + 1);
        if (example is not null && Examples.Count < MaxExamples)
        {
            Examples.Enqueue($"{key}: {example}");
        }
    }

    /// <summary>Adds another client's counts to these.</summary>
    public void Merge(SoakTally other)
    {
        foreach ((ConcurrentDictionary<string, long> mine, ConcurrentDictionary<string, long> theirs) in
                 new[] { (Completed, other.Completed), (Documented, other.Documented), (Undocumented, other.Undocumented), (Wrong, other.Wrong), (Hung, other.Hung) })
        {
            foreach ((string key, long count) in theirs)
            {
                mine.AddOrUpdate(key, count, (_, n) => n + count);
            }
        }
        foreach (string example in other.Examples)
        {
            Examples.Enqueue(example);
        }
    }

    /// <summary>The sum of one outcome over all kinds.</summary>
    public static long Total(ConcurrentDictionary<string, long> outcome) => outcome.Values.Sum();
}
