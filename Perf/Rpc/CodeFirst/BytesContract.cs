using ProtoBuf;

namespace NFX.Perf.Rpc.CodeFirst;

/// <summary>W4/W5's bytes as a protobuf-net contract (gRPC messages must be contracts, not a bare byte[]).</summary>
[ProtoContract]
public sealed class BytesContract
{
    /// <summary>The payload.</summary>
    [ProtoMember(1)]
    public byte[] Data { get; set; } = [];
}
