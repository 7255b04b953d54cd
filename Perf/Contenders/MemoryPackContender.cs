namespace NFX.Perf.Contenders;

/// <summary>MemoryPack: requested by issue 5; its package cannot be restored here, so it is listed as n/a.</summary>
public sealed class MemoryPackContender : UnavailableContender
{
    /// <inheritdoc/>
    public override string Name => "MemoryPack";
}
