using MemoryPack;
using Orleans;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Graph.Address"/> for the attribute-driven contenders that can carry a cyclic graph:
/// MemoryPack (<see cref="GenerateType.CircularReference"/>) and Orleans (reference tracking by default).
/// </summary>
[MemoryPackable(GenerateType.CircularReference)]
[GenerateSerializer]
public sealed partial class Address
{
    /// <summary>As in the model.</summary>
    [MemoryPackOrder(0), Id(0)]
    public string? Street;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(1), Id(1)]
    public string? City;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(2), Id(2)]
    public string? Zip;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(3), Id(3)]
    public double Latitude;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(4), Id(4)]
    public double Longitude;
}
