using NFX.Perf.Workloads.Arrays;
using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Graph;
using NFX.Perf.Workloads.LinkedList;
using NFX.Perf.Workloads.Orders;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Perf.Workloads;

/// <summary>The serialization workloads (Perzon, the company graph, the DTO tree, an order, primitive arrays, a linked list), in table order.</summary>
public static class WorkloadCatalog
{
    /// <summary>The ancestor's loop length.</summary>
    public const int FullPerzonLoop = 500_000;

    /// <summary>The loop length in quick mode (scaled down 25-fold so fifteen contenders fit the time budget).</summary>
    public const int QuickPerzonLoop = 20_000;

    /// <summary>All serialization workloads; <paramref name="perzonLoop"/> sets the Perzon loop length.</summary>
    public static IReadOnlyList<Workload> All(int perzonLoop = FullPerzonLoop) =>
    [
        new PerzonWorkload(),
        new PerzonLoopWorkload(perzonLoop),
        new GraphWorkload(),
        new DtoWorkload(),
        new OrderWorkload(),
        PrimitiveArrayWorkload.Int32(),
        PrimitiveArrayWorkload.Double(),
        PrimitiveArrayWorkload.Bytes(),
        new LinkedListWorkload(),
    ];

    /// <summary>The workloads deep clone is measured on: one Perzon, the company graph, the DTO tree.</summary>
    public static IReadOnlyList<Workload> CloneWorkloads() => [new PerzonWorkload(), new GraphWorkload(), new DtoWorkload()];

    /// <summary>Finds a workload by key (case-insensitive) or returns null.</summary>
    public static Workload? Find(string key, int perzonLoop = FullPerzonLoop) =>
        All(perzonLoop).FirstOrDefault(w => string.Equals(w.Key, key, StringComparison.OrdinalIgnoreCase));
}
