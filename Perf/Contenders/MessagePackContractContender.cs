namespace NFX.Perf.Contenders;

/// <summary>MessagePack (contract): requested by issue 5; its package cannot be restored here, so it is listed as n/a.</summary>
public sealed class MessagePackContractContender : UnavailableContender
{
    /// <inheritdoc/>
    public override string Name => "MessagePack (contract)";
}
