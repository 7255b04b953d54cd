using ProtoBuf;

namespace NFX.Perf.Rpc.CodeFirst;

/// <summary>W1's result.</summary>
[ProtoContract]
public sealed class SumResult
{
    /// <summary>a + b.</summary>
    [ProtoMember(1)]
    public int Sum { get; set; }
}
