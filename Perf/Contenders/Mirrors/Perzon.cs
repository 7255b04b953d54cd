using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Perzons.Perzon"/> for the attribute-driven contenders (MemoryPack, MessagePack with integer
/// keys, protobuf-net, Orleans); Slim and the attribute-free peers use the plain type. A tree: no reference tracking.
/// </summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class Perzon
{
    /// <summary>As in the model.</summary>
    [Key(0), ProtoMember(1), Id(0)]
    public string? FirstName;

    /// <summary>As in the model.</summary>
    [Key(1), ProtoMember(2), Id(1)]
    public string? MiddleName;

    /// <summary>As in the model.</summary>
    [Key(2), ProtoMember(3), Id(2)]
    public string? LastName;

    /// <summary>As in the model.</summary>
    [Key(3), ProtoMember(4), Id(3)]
    public Perzon? Parent;

    /// <summary>As in the model.</summary>
    [Key(4), ProtoMember(5), Id(4)]
    public int Age1;

    /// <summary>As in the model.</summary>
    [Key(5), ProtoMember(6), Id(5)]
    public int Age2;

    /// <summary>As in the model.</summary>
    [Key(6), ProtoMember(7), Id(6)]
    public int? Age3;

    /// <summary>As in the model.</summary>
    [Key(7), ProtoMember(8), Id(7)]
    public int? Age4;

    /// <summary>As in the model.</summary>
    [Key(8), ProtoMember(9), Id(8)]
    public double Salary1;

    /// <summary>As in the model.</summary>
    [Key(9), ProtoMember(10), Id(9)]
    public double? Salary2;

    /// <summary>As in the model.</summary>
    [Key(10), ProtoMember(11), Id(10)]
    public Guid ID1;

    /// <summary>As in the model.</summary>
    [Key(11), ProtoMember(12), Id(11)]
    public Guid? ID2;

    /// <summary>As in the model.</summary>
    [Key(12), ProtoMember(13), Id(12)]
    public Guid? ID3;

    /// <summary>As in the model.</summary>
    [Key(13), ProtoMember(14), Id(13)]
    public List<string>? Names1;

    /// <summary>As in the model.</summary>
    [Key(14), ProtoMember(15), Id(14)]
    public List<string>? Names2;

    /// <summary>As in the model.</summary>
    [Key(15), ProtoMember(16), Id(15)]
    public int O1;

    /// <summary>As in the model.</summary>
    [Key(16), ProtoMember(17), Id(16)]
    public bool O2;

    /// <summary>As in the model.</summary>
    [Key(17), ProtoMember(18), Id(17)]
    public DateTime O3;

    /// <summary>As in the model.</summary>
    [Key(18), ProtoMember(19), Id(18)]
    public TimeSpan O4;

    /// <summary>As in the model.</summary>
    [Key(19), ProtoMember(20), Id(19)]
    public decimal O5;
}
