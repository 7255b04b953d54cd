using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Orders.PostalAddress"/> for the attribute-driven contenders (MemoryPack, MessagePack
/// with integer keys, protobuf-net, Orleans); Slim and the attribute-free peers use the plain type. A tree: no reference
/// tracking.
/// </summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class PostalAddress
{
    /// <summary>As in the model.</summary>
    [Key(0), ProtoMember(1), Id(0)]
    public string? Street { get; set; }

    /// <summary>As in the model.</summary>
    [Key(1), ProtoMember(2), Id(1)]
    public string? City { get; set; }

    /// <summary>As in the model.</summary>
    [Key(2), ProtoMember(3), Id(2)]
    public string? PostalCode { get; set; }

    /// <summary>As in the model.</summary>
    [Key(3), ProtoMember(4), Id(3)]
    public string? Country { get; set; }
}
