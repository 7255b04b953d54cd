using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Dto.Answer"/> for the attribute-driven contenders (MemoryPack, MessagePack with integer
/// keys, protobuf-net, Orleans); Slim and the attribute-free peers use the plain type. A tree: no reference tracking.
/// </summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class Answer
{
    /// <summary>As in the model.</summary>
    [Key(0), ProtoMember(1), Id(0)]
    public long Id;

    /// <summary>As in the model.</summary>
    [Key(1), ProtoMember(2), Id(1)]
    public User? Owner;

    /// <summary>As in the model.</summary>
    [Key(2), ProtoMember(3), Id(2)]
    public string? Body;

    /// <summary>As in the model.</summary>
    [Key(3), ProtoMember(4), Id(3)]
    public int Score;

    /// <summary>As in the model.</summary>
    [Key(4), ProtoMember(5), Id(4)]
    public bool IsAccepted;

    /// <summary>As in the model.</summary>
    [Key(5), ProtoMember(6), Id(5)]
    public DateTime CreatedAt;

    /// <summary>As in the model.</summary>
    [Key(6), ProtoMember(7), Id(6)]
    public List<Comment>? Comments;
}
