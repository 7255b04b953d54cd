using NFX.Perf.Verification;

namespace NFX.Tests.Slim.Support;

/// <summary>
/// NUnit's face of <see cref="GraphComparer"/> (the one graph comparer, shared with Perf's verifier) at its strictest:
/// strings and boxes keep their identity too, as Slim and DeepClone promise.
/// </summary>
public static class GraphAssert
{
    /// <summary>Fails the test with the path of the first difference.</summary>
    public static void AreEquivalent(object? expected, object? actual)
    {
        string? difference = FindDifference(expected, actual);
        if (difference is not null)
        {
            Assert.Fail(difference);
        }
    }

    /// <summary>The first difference as "path: what differs", or null when the graphs are equivalent.</summary>
    public static string? FindDifference(object? expected, object? actual) =>
        GraphComparer.Compare(expected, actual, GraphFidelity.Exact).Difference;
}
