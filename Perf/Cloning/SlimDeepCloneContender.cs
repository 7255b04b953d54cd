using NFX.Perf.Contenders;
using NFX.Slim;

namespace NFX.Perf.Cloning;

/// <summary>Slim's in-memory deep clone, no bytes in between. The reference of the clone table.</summary>
public sealed class SlimDeepCloneContender : CloneContender
{
    /// <summary>The name ratios are taken against.</summary>
    public const string ContenderName = "Slim.DeepClone";

    private readonly SlimSerializer _slim = new(SlimPerfOptions.For(TypeRegistryMode.PerCall));

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override object? Clone(object root) => _slim.DeepClone(root);
}
