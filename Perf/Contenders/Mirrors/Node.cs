using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Contract copy of <see cref="NFX.Perf.Workloads.LinkedList.Node"/> for the attribute-driven contenders; MemoryPack uses
/// <see cref="GenerateType.CircularReference"/> on it, as on the company graph.
/// </summary>
[MemoryPackable(GenerateType.CircularReference)]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class Node
{
    /// <summary>As in the model.</summary>
    [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
    public int Value;

    /// <summary>As in the model.</summary>
    [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
    public Node? Next;
}
