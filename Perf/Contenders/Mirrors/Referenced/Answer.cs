using MemoryPack;

namespace NFX.Perf.Contenders.Mirrors.Referenced;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Dto.Answer"/> with reference tracking, for the "MemoryPack (references)" contender:
/// <see cref="GenerateType.CircularReference"/>, so each object gets a reference id and a second reference to it is
/// written as a back-reference (what Slim always does). The plain copy, <see cref="NFX.Perf.Contenders.Mirrors.Answer"/>, tracks nothing.
/// </summary>
[MemoryPackable(GenerateType.CircularReference)]
public sealed partial class Answer
{
    /// <summary>As in the model.</summary>
    [MemoryPackOrder(0)]
    public long Id;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(1)]
    public User? Owner;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(2)]
    public string? Body;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(3)]
    public int Score;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(4)]
    public bool IsAccepted;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(5)]
    public DateTime CreatedAt;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(6)]
    public List<Comment>? Comments;
}
