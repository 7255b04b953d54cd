using MemoryPack;

namespace NFX.Perf.Contenders.Mirrors.Referenced;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Dto.User"/> with reference tracking, for the "MemoryPack (references)" contender:
/// <see cref="GenerateType.CircularReference"/>, so each object gets a reference id and a second reference to it is
/// written as a back-reference (what Slim always does). The plain copy, <see cref="NFX.Perf.Contenders.Mirrors.User"/>, tracks nothing.
/// </summary>
[MemoryPackable(GenerateType.CircularReference)]
public sealed partial class User
{
    /// <summary>As in the model.</summary>
    [MemoryPackOrder(0)]
    public long Id;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(1)]
    public string? DisplayName;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(2)]
    public int Reputation;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(3)]
    public string? ProfileUrl;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(4)]
    public int[]? BadgeCounts;
}
