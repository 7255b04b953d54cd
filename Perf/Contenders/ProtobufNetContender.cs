namespace NFX.Perf.Contenders;

/// <summary>protobuf-net: requested by issue 5; its package cannot be restored here, so it is listed as n/a.</summary>
public sealed class ProtobufNetContender : UnavailableContender
{
    /// <inheritdoc/>
    public override string Name => "protobuf-net";
}
