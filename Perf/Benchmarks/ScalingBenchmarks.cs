using BenchmarkDotNet.Attributes;
using NFX.Perf.Contenders;
using NFX.Perf.Scaling;
using NFX.Slim;

namespace NFX.Perf.Benchmarks;

/// <summary>
/// The scaling check (<see cref="ScalingCheck"/>) under BenchmarkDotNet: Slim PerCall (trusted limits) serializing a
/// graph of 1M, 4M or 16M nodes (a linked list; a tree array with a string per node) to a byte[] and reading it back.
/// One op is the whole graph: divide by the node count for the figure per node. The 16M tree needs about 8.5 GiB.
/// </summary>
[Config(typeof(PerfBenchmarkConfig))]
public class ScalingBenchmarks
{
    private readonly SlimSerializer _slim = new(SlimPerfOptions.For(TypeRegistryMode.PerCall) with { Limits = SlimLimits.Trusted });
    private object? _root;
    private byte[] _payload = [];

    /// <summary>"list" or "tree".</summary>
    [Params("list", "tree")]
    public string Shape { get; set; } = "list";

    /// <summary>Nodes, in millions.</summary>
    [Params(1, 4, 16)]
    public int Millions { get; set; } = 1;

    /// <summary>Builds the graph and its payload.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _root = ScalingChild.CreateGraph(Shape, checked(Millions * 1_000_000));
        _payload = _slim.Serialize(_root);
    }

    /// <summary>Drops this size's graph before the next size is built.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        (_root, _payload) = (null, []);
        GC.Collect();
    }

    /// <summary>The whole graph to a new byte[].</summary>
    [Benchmark]
    public int Serialize() => _slim.Serialize(_root).Length;

    /// <summary>The whole graph back from the payload.</summary>
    [Benchmark]
    public object? Deserialize() => _slim.Deserialize(_payload);
}
