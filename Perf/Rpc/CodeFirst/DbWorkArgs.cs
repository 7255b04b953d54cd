using ProtoBuf;

namespace NFX.Perf.Rpc.CodeFirst;

/// <summary>W3's argument.</summary>
[ProtoContract]
public sealed class DbWorkArgs
{
    /// <summary>Which rows (ignored: the answer is fixed).</summary>
    [ProtoMember(1)]
    public int Id { get; set; }
}
