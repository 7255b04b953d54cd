using MemoryPack;

namespace NFX.Perf.Contenders.Mirrors.Referenced;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Perzons.Perzon"/> with reference tracking, for the "MemoryPack (references)" contender:
/// <see cref="GenerateType.CircularReference"/>, so each object gets a reference id and a second reference to it is
/// written as a back-reference (what Slim always does). The plain copy, <see cref="NFX.Perf.Contenders.Mirrors.Perzon"/>, tracks nothing.
/// </summary>
[MemoryPackable(GenerateType.CircularReference)]
public sealed partial class Perzon
{
    /// <summary>As in the model.</summary>
    [MemoryPackOrder(0)]
    public string? FirstName;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(1)]
    public string? MiddleName;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(2)]
    public string? LastName;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(3)]
    public Perzon? Parent;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(4)]
    public int Age1;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(5)]
    public int Age2;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(6)]
    public int? Age3;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(7)]
    public int? Age4;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(8)]
    public double Salary1;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(9)]
    public double? Salary2;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(10)]
    public Guid ID1;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(11)]
    public Guid? ID2;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(12)]
    public Guid? ID3;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(13)]
    public List<string>? Names1;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(14)]
    public List<string>? Names2;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(15)]
    public int O1;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(16)]
    public bool O2;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(17)]
    public DateTime O3;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(18)]
    public TimeSpan O4;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(19)]
    public decimal O5;
}
