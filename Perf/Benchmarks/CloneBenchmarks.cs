using BenchmarkDotNet.Attributes;
using NFX.Perf.Cloning;
using NFX.Perf.Verification;
using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>Deep clone: Slim.DeepClone vs Slim serialize + deserialize vs a hand-written clone, on Perzon, the company graph and the DTO tree.</summary>
[Config(typeof(PerfBenchmarkConfig))]
public class CloneBenchmarks
{
    private readonly SlimDeepCloneContender _deepClone = new();
    private readonly SlimRoundTripCloneContender _roundTrip = new();
    private readonly HandWrittenCloneContender _handWritten = new();
    private object _root = new();

    /// <summary>The workload key: perzon, graph or dto.</summary>
    [Params("perzon", "graph", "dto")]
    public string Workload { get; set; } = "perzon";

    /// <summary>Builds the workload and checks every method's copy with the graph comparer.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _root = WorkloadCatalog.CloneWorkloads().First(w => w.Key == Workload).CreateRoots()[0];
        foreach (CloneContender contender in new CloneContender[] { _deepClone, _roundTrip, _handWritten })
        {
            GraphComparison comparison = GraphComparer.Compare(_root, contender.Clone(_root));
            if (!comparison.AreEqual)
            {
                throw new InvalidOperationException($"{contender.Name} lost data: {comparison.Difference}");
            }
        }
    }

    /// <summary>Slim's in-memory deep clone.</summary>
    [Benchmark(Baseline = true)]
    public object? SlimDeepClone() => _deepClone.Clone(_root);

    /// <summary>Slim serialize + deserialize.</summary>
    [Benchmark]
    public object? SlimRoundTrip() => _roundTrip.Clone(_root);

    /// <summary>The hand-written copy.</summary>
    [Benchmark]
    public object? HandWritten() => _handWritten.Clone(_root);
}
