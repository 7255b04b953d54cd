using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Orders.Order"/> for the attribute-driven contenders (MemoryPack, MessagePack
/// with integer keys, protobuf-net, Orleans); Slim and the attribute-free peers use the plain type. A tree: no reference
/// tracking.
/// </summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class Order
{
    /// <summary>As in the model.</summary>
    [Key(0), ProtoMember(1), Id(0)]
    public long Id { get; set; }

    /// <summary>As in the model.</summary>
    [Key(1), ProtoMember(2), Id(1)]
    public DateTime PlacedAt { get; set; }

    /// <summary>As in the model.</summary>
    [Key(2), ProtoMember(3), Id(2)]
    public NFX.Perf.Workloads.Orders.OrderStatus Status { get; set; }

    /// <summary>As in the model.</summary>
    [Key(3), ProtoMember(4), Id(3)]
    public Customer? Customer { get; set; }

    /// <summary>As in the model.</summary>
    [Key(4), ProtoMember(5), Id(4)]
    public PostalAddress? ShipTo { get; set; }

    /// <summary>As in the model.</summary>
    [Key(5), ProtoMember(6), Id(5)]
    public List<OrderLine>? Lines { get; set; }

    /// <summary>As in the model.</summary>
    [Key(6), ProtoMember(7), Id(6)]
    public string? Note { get; set; }
}
