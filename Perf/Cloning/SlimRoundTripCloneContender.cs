using NFX.Perf.Contenders;
using NFX.Slim;

namespace NFX.Perf.Cloning;

/// <summary>Clone through bytes: Slim serialize, then deserialize.</summary>
public sealed class SlimRoundTripCloneContender : CloneContender
{
    /// <summary>The name of this row.</summary>
    public const string ContenderName = "Slim serialize + deserialize";

    private readonly SlimSerializer _slim = new(SlimPerfOptions.For(TypeRegistryMode.PerCall));

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override object? Clone(object root) => _slim.Deserialize(_slim.Serialize(root).AsMemory());
}
