using MemoryPack;
using Orleans;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Graph.Company"/> for the attribute-driven contenders that can carry a cyclic graph:
/// MemoryPack (<see cref="GenerateType.CircularReference"/>) and Orleans (reference tracking by default).
/// </summary>
[MemoryPackable(GenerateType.CircularReference)]
[GenerateSerializer]
public sealed partial class Company
{
    /// <summary>As in the model.</summary>
    [MemoryPackOrder(0), Id(0)]
    public string? Name;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(1), Id(1)]
    public DateTime Founded;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(2), Id(2)]
    public Department[]? Departments;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(3), Id(3)]
    public List<Project>? Projects;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(4), Id(4)]
    public Dictionary<int, Employee>? EmployeesById;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(5), Id(5)]
    public string[]? Tags;
}
