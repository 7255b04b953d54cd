using BenchmarkDotNet.Attributes;
using NFX.Perf.Contenders;
using NFX.Perf.Quick;
using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>
/// Serialize and deserialize of one workload, one benchmark case per contender that can represent it. The
/// contender is verified (round trip + graph comparison) in the global setup; one that loses data fails the case
/// (deep workloads are first tried in a child process, since a stack overflow cannot be caught).
/// </summary>
[Config(typeof(PerfBenchmarkConfig))]
public abstract class SerializationBenchmarks
{
    private Contender? _contender;
    private object[] _prepared = [];
    private byte[][] _payloads = [];
    private int _calls;

    /// <summary>The contender of this case (a name from <see cref="ContenderCatalog"/>).</summary>
    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = "";

    /// <summary>The contenders that can represent the workload.</summary>
    public IEnumerable<string> Contenders()
    {
        Workload workload = CreateWorkload();
        return ContenderCatalog.All().Where(c => c.CannotHandle(workload) is null).Select(c => c.Name);
    }

    /// <summary>The workload of this suite.</summary>
    public abstract Workload CreateWorkload();

    /// <summary>Builds the workload, sets the contender up and verifies it.</summary>
    [GlobalSetup]
    public void Setup()
    {
        Workload workload = CreateWorkload();
        _contender = ContenderCatalog.Find(Contender) ?? throw new InvalidOperationException($"Unknown contender '{Contender}'.");
        // Benchmarks run in process: a recursive contender would kill the whole run with a stack overflow.
        if ((workload.Traits & WorkloadTraits.Deep) != 0 && ChildProbe.Run(workload, _contender, TimeSpan.FromMinutes(5)) is string crash)
        {
            throw new InvalidOperationException($"{Contender} failed in a child process: {crash}");
        }
        Verifier.Outcome outcome = Verifier.Run(_contender, workload, workload.CreateRoots());
        if (!outcome.Succeeded)
        {
            throw new InvalidOperationException($"{Contender} failed verification: {outcome.Failure}");
        }
        _prepared = outcome.Prepared;
        _payloads = outcome.Payloads;
        _calls = workload.CallsPerOp;
    }

    /// <summary>One op of serialization (<see cref="Workload.CallsPerOp"/> calls).</summary>
    [Benchmark]
    public int Serialize()
    {
        int bytes = 0;
        for (int i = 0, j = 0; i < _calls; i++)
        {
            bytes += _contender!.Serialize(_prepared[j]).Length;
            j = j + 1 == _prepared.Length ? 0 : j + 1;
        }
        return bytes;
    }

    /// <summary>One op of deserialization.</summary>
    [Benchmark]
    public object? Deserialize()
    {
        object? last = null;
        for (int i = 0, j = 0; i < _calls; i++)
        {
            last = _contender!.Deserialize(_payloads[j]);
            j = j + 1 == _payloads.Length ? 0 : j + 1;
        }
        return last;
    }
}
