using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.Orders.OrderLine"/> for the attribute-driven contenders (MemoryPack, MessagePack
/// with integer keys, protobuf-net, Orleans); Slim and the attribute-free peers use the plain type. A tree: no reference
/// tracking.
/// </summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class OrderLine
{
    /// <summary>As in the model.</summary>
    [Key(0), ProtoMember(1), Id(0)]
    public string? Sku { get; set; }

    /// <summary>As in the model.</summary>
    [Key(1), ProtoMember(2), Id(1)]
    public int Quantity { get; set; }

    /// <summary>As in the model.</summary>
    [Key(2), ProtoMember(3), Id(2)]
    public decimal UnitPrice { get; set; }
}
