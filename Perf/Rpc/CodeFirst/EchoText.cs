using ProtoBuf;

namespace NFX.Perf.Rpc.CodeFirst;

/// <summary>W2's argument and result.</summary>
[ProtoContract]
public sealed class EchoText
{
    /// <summary>The text.</summary>
    [ProtoMember(1)]
    public string Text { get; set; } = "";
}
