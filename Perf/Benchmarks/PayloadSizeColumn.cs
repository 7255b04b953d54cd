using System.Collections.Concurrent;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using NFX.Perf.Contenders;
using NFX.Perf.Quick;
using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>
/// Payload bytes per op of a serialization benchmark, computed in the host process by a verified round trip (deep
/// workloads are probed in a child process first, since a stack overflow would take the host down).
/// </summary>
public sealed class PayloadSizeColumn : IColumn
{
    private static readonly ConcurrentDictionary<(Type, string), string> s_cache = new();

    /// <inheritdoc/>
    public string Id => nameof(PayloadSizeColumn);

    /// <inheritdoc/>
    public string ColumnName => "Payload";

    /// <inheritdoc/>
    public bool AlwaysShow => true;

    /// <inheritdoc/>
    public ColumnCategory Category => ColumnCategory.Custom;

    /// <inheritdoc/>
    public int PriorityInCategory => 0;

    /// <inheritdoc/>
    public bool IsNumeric => true;

    /// <inheritdoc/>
    public UnitType UnitType => UnitType.Size;

    /// <inheritdoc/>
    public string Legend => "Payload bytes per op (verified round trip)";

    /// <inheritdoc/>
    public bool IsAvailable(Summary summary) => true;

    /// <inheritdoc/>
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    /// <inheritdoc/>
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

    /// <inheritdoc/>
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        Type type = benchmarkCase.Descriptor.Type;
        if (!typeof(SerializationBenchmarks).IsAssignableFrom(type) ||
            benchmarkCase.Parameters[nameof(SerializationBenchmarks.Contender)] is not string contender)
        {
            return "-";
        }
        return s_cache.GetOrAdd((type, contender), static key => Compute(key.Item1, key.Item2));
    }

    private static string Compute(Type benchmarkType, string contenderName)
    {
        var benchmarks = (SerializationBenchmarks)Activator.CreateInstance(benchmarkType)!;
        Workload workload = benchmarks.CreateWorkload();
        Contender contender = ContenderCatalog.Find(contenderName)!;
        if ((workload.Traits & WorkloadTraits.Deep) != 0 && ChildProbe.Run(workload, contender, TimeSpan.FromMinutes(5)) is string crash)
        {
            return "FAILED: " + crash;
        }
        Verifier.Outcome outcome = Verifier.Run(contender, workload, workload.CreateRoots());
        if (!outcome.Succeeded)
        {
            return "FAILED";
        }
        long bytes = 0;
        for (int i = 0; i < workload.CallsPerOp; i++)
        {
            bytes += outcome.Payloads[i % outcome.Payloads.Length].Length;
        }
        return Format.Bytes(bytes);
    }

    /// <inheritdoc/>
    public override string ToString() => ColumnName;
}
