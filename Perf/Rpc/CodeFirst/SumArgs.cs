using ProtoBuf;

namespace NFX.Perf.Rpc.CodeFirst;

/// <summary>W1's arguments.</summary>
[ProtoContract]
public sealed class SumArgs
{
    /// <summary>First addend.</summary>
    [ProtoMember(1)]
    public int A { get; set; }

    /// <summary>Second addend.</summary>
    [ProtoMember(2)]
    public int B { get; set; }
}
