using Thrift.Protocol;
using Thrift.Transport;

namespace NFX.Perf.Contenders.Thrift;

/// <summary>Apache Thrift with <see cref="TCompactProtocol"/>.</summary>
public sealed class ThriftCompactContender : ThriftContender
{
    /// <summary>The name in the tables.</summary>
    public const string ContenderName = "Thrift (Compact)";

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes => "perf.thrift structs, TCompactProtocol over a reused TMemoryBufferTransport (GetBuffer copies out); mapping not timed.";

    /// <inheritdoc/>
    protected override TProtocol CreateProtocol(TTransport transport) => new TCompactProtocol(transport);
}
