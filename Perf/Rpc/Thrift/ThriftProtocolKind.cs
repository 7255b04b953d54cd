using Thrift.Protocol;
using Thrift.Transport;

namespace NFX.Perf.Rpc.Thrift;

/// <summary>Which Thrift protocol a server or client speaks.</summary>
public enum ThriftProtocolKind
{
    /// <summary>TBinaryProtocol.</summary>
    Binary,

    /// <summary>TCompactProtocol.</summary>
    Compact,
}

/// <summary>Protocol objects per <see cref="ThriftProtocolKind"/>.</summary>
public static class ThriftProtocols
{
    /// <summary>The server's protocol factory.</summary>
    public static TProtocolFactory Factory(ThriftProtocolKind kind) =>
        kind == ThriftProtocolKind.Binary ? new TBinaryProtocol.Factory() : new TCompactProtocol.Factory();

    /// <summary>A client protocol over <paramref name="transport"/>.</summary>
    public static TProtocol Create(ThriftProtocolKind kind, TTransport transport) =>
        kind == ThriftProtocolKind.Binary ? new TBinaryProtocol(transport) : new TCompactProtocol(transport);
}
