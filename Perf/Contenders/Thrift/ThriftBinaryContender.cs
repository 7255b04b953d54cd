using Thrift.Protocol;
using Thrift.Transport;

namespace NFX.Perf.Contenders.Thrift;

/// <summary>Apache Thrift with <see cref="TBinaryProtocol"/>.</summary>
public sealed class ThriftBinaryContender : ThriftContender
{
    /// <summary>The name in the tables.</summary>
    public const string ContenderName = "Thrift (Binary)";

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes => "perf.thrift structs, TBinaryProtocol over a reused TMemoryBufferTransport (GetBuffer copies out); mapping not timed.";

    /// <inheritdoc/>
    protected override TProtocol CreateProtocol(TTransport transport) => new TBinaryProtocol(transport);
}
