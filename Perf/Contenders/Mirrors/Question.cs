using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Dto.Question"/> for the attribute-driven contenders (MemoryPack, MessagePack with integer
/// keys, protobuf-net, Orleans); Slim and the attribute-free peers use the plain type. A tree: no reference tracking.
/// </summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class Question
{
    /// <summary>As in the model.</summary>
    [Key(0), ProtoMember(1), Id(0)]
    public long Id;

    /// <summary>As in the model.</summary>
    [Key(1), ProtoMember(2), Id(1)]
    public string? Title;

    /// <summary>As in the model.</summary>
    [Key(2), ProtoMember(3), Id(2)]
    public string? Body;

    /// <summary>As in the model.</summary>
    [Key(3), ProtoMember(4), Id(3)]
    public User? Owner;

    /// <summary>As in the model.</summary>
    [Key(4), ProtoMember(5), Id(4)]
    public DateTime CreatedAt;

    /// <summary>As in the model.</summary>
    [Key(5), ProtoMember(6), Id(5)]
    public DateTime? ClosedAt;

    /// <summary>As in the model.</summary>
    [Key(6), ProtoMember(7), Id(6)]
    public int Score;

    /// <summary>As in the model.</summary>
    [Key(7), ProtoMember(8), Id(7)]
    public int ViewCount;

    /// <summary>As in the model.</summary>
    [Key(8), ProtoMember(9), Id(8)]
    public bool IsAnswered;

    /// <summary>As in the model.</summary>
    [Key(9), ProtoMember(10), Id(9)]
    public long? AcceptedAnswerId;

    /// <summary>As in the model.</summary>
    [Key(10), ProtoMember(11), Id(10)]
    public List<string>? Tags;

    /// <summary>As in the model.</summary>
    [Key(11), ProtoMember(12), Id(11)]
    public List<Answer>? Answers;

    /// <summary>As in the model.</summary>
    [Key(12), ProtoMember(13), Id(12)]
    public List<Comment>? Comments;
}
