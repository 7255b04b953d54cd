using MemoryPack;
using Orleans;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Graph.Department"/> for the attribute-driven contenders that can carry a cyclic graph:
/// MemoryPack (<see cref="GenerateType.CircularReference"/>) and Orleans (reference tracking by default).
/// </summary>
[MemoryPackable(GenerateType.CircularReference)]
[GenerateSerializer]
public sealed partial class Department
{
    /// <summary>As in the model.</summary>
    [MemoryPackOrder(0), Id(0)]
    public int Id;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(1), Id(1)]
    public string? Name;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(2), Id(2)]
    public Company? Company;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(3), Id(3)]
    public Employee? Head;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(4), Id(4)]
    public List<Employee>? Employees;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(5), Id(5)]
    public Address? Office;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(6), Id(6)]
    public decimal Budget;
}
