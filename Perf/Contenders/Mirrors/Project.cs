using MemoryPack;
using Orleans;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Graph.Project"/> for the attribute-driven contenders that can carry a cyclic graph:
/// MemoryPack (<see cref="GenerateType.CircularReference"/>) and Orleans (reference tracking by default).
/// </summary>
[MemoryPackable(GenerateType.CircularReference)]
[GenerateSerializer]
public sealed partial class Project
{
    /// <summary>As in the model.</summary>
    [MemoryPackOrder(0), Id(0)]
    public int Id;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(1), Id(1)]
    public string? Name;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(2), Id(2)]
    public Employee? Lead;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(3), Id(3)]
    public List<Employee>? Members;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(4), Id(4)]
    public Dictionary<string, DateTime>? Milestones;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(5), Id(5)]
    public decimal Budget;
}
