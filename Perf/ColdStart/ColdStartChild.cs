using System.Diagnostics;
using System.Globalization;
using NFX.Perf.Verification;
using NFX.Perf.Workloads.Orders;

namespace NFX.Perf.ColdStart;

/// <summary>
/// The child of the cold-start table (<c>NFX.Slim.Perf coldstart-child CONTENDER</c>): in a fresh process, times the
/// first Serialize + Deserialize of the order (five types), then of the unrelated reading, with a Stopwatch around
/// each call; checks both copies afterwards and prints one line: <c>COLDSTART first-ms second-ms</c>, or why not.
/// </summary>
public static class ColdStartChild
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "coldstart-child";

    /// <summary>The line of a timed run.</summary>
    public const string OkPrefix = "COLDSTART ";

    /// <summary>The line of a run whose copy differed or that threw.</summary>
    public const string FailedPrefix = "COLDSTART-FAILED ";

    /// <summary>Runs the child; the exit code is 0 when both calls were timed and checked.</summary>
    public static int Run(string contenderName, TextWriter output)
    {
        ColdStartContender? contender = ColdStartCatalog.Find(contenderName);
        if (contender is null || contender.Unavailable is not null)
        {
            output.WriteLine(FailedPrefix + (contender?.Unavailable ?? $"unknown contender '{contenderName}'"));
            return 1;
        }
        // The data exists before the clock starts, as in an application that serializes what it just built.
        Order order = ColdStartData.Order();
        Reading reading = ColdStartData.Reading();
        object orderCopy, readingCopy;
        double first, second;
        try
        {
            long start = Stopwatch.GetTimestamp();
            orderCopy = contender.RoundTrip(order);
            first = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
            start = Stopwatch.GetTimestamp();
            readingCopy = contender.RoundTrip(reading);
            second = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
        }
        catch (Exception e)
        {
            output.WriteLine(FailedPrefix + $"{e.GetType().Name}: {e.Message}".ReplaceLineEndings(" "));
            return 1;
        }
        string? wrong = Check(ColdStartData.Order(), contender.ToPlain(orderCopy)) ?? Check(ColdStartData.Reading(), contender.ToPlain(readingCopy));
        if (wrong is not null)
        {
            output.WriteLine(FailedPrefix + wrong);
            return 1;
        }
        output.WriteLine(OkPrefix + first.ToString("R", CultureInfo.InvariantCulture) + " " + second.ToString("R", CultureInfo.InvariantCulture));
        return 0;
    }

    /// <summary>Null when <paramref name="copy"/> equals <paramref name="expected"/> as a whole graph, else the first difference.</summary>
    public static string? Check(object expected, object? copy)
    {
        GraphComparison comparison = GraphComparer.Compare(expected, copy);
        return comparison.AreEqual ? null : "the copy differs: " + comparison.Difference;
    }
}
