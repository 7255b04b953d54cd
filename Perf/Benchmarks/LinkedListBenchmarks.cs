using NFX.Perf.Workloads;

namespace NFX.Perf.Benchmarks;

/// <summary>The 1M-node linked list (a recursive contender crashes its benchmark process).</summary>
public class LinkedListBenchmarks : SerializationBenchmarks
{
    /// <inheritdoc/>
    public override Workload CreateWorkload() => new NFX.Perf.Workloads.LinkedList.LinkedListWorkload();
}
