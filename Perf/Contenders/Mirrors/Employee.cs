using MemoryPack;
using Orleans;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Graph.Employee"/> for the attribute-driven contenders that can carry a cyclic graph:
/// MemoryPack (<see cref="GenerateType.CircularReference"/>) and Orleans (reference tracking by default).
/// </summary>
[MemoryPackable(GenerateType.CircularReference)]
[GenerateSerializer]
public sealed partial class Employee
{
    /// <summary>As in the model.</summary>
    [MemoryPackOrder(0), Id(0)]
    public int Id;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(1), Id(1)]
    public string? FirstName;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(2), Id(2)]
    public string? LastName;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(3), Id(3)]
    public string? Email;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(4), Id(4)]
    public Department? Department;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(5), Id(5)]
    public Employee? Manager;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(6), Id(6)]
    public List<Employee>? DirectReports;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(7), Id(7)]
    public Employee[]? Peers;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(8), Id(8)]
    public Address? Office;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(9), Id(9)]
    public Address? Home;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(10), Id(10)]
    public int[]? Scores;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(11), Id(11)]
    public List<string>? Skills;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(12), Id(12)]
    public double Salary;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(13), Id(13)]
    public DateTime HiredOn;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(14), Id(14)]
    public bool IsActive;
}
