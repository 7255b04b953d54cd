using MemoryPack;

namespace NFX.Perf.Contenders.Mirrors.Referenced;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Dto.Question"/> with reference tracking, for the "MemoryPack (references)" contender:
/// <see cref="GenerateType.CircularReference"/>, so each object gets a reference id and a second reference to it is
/// written as a back-reference (what Slim always does). The plain copy, <see cref="NFX.Perf.Contenders.Mirrors.Question"/>, tracks nothing.
/// </summary>
[MemoryPackable(GenerateType.CircularReference)]
public sealed partial class Question
{
    /// <summary>As in the model.</summary>
    [MemoryPackOrder(0)]
    public long Id;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(1)]
    public string? Title;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(2)]
    public string? Body;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(3)]
    public User? Owner;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(4)]
    public DateTime CreatedAt;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(5)]
    public DateTime? ClosedAt;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(6)]
    public int Score;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(7)]
    public int ViewCount;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(8)]
    public bool IsAnswered;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(9)]
    public long? AcceptedAnswerId;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(10)]
    public List<string>? Tags;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(11)]
    public List<Answer>? Answers;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(12)]
    public List<Comment>? Comments;
}
