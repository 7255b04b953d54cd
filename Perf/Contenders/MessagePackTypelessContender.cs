namespace NFX.Perf.Contenders;

/// <summary>MessagePack (Typeless): requested by issue 5; its package cannot be restored here, so it is listed as n/a.</summary>
public sealed class MessagePackTypelessContender : UnavailableContender
{
    /// <inheritdoc/>
    public override string Name => "MessagePack (Typeless)";
}
