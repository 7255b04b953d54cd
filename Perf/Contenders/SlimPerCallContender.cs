using NFX.Slim;

namespace NFX.Perf.Contenders;

/// <summary>Slim in PerCall mode through the simplest API: <c>Serialize(object) -> byte[]</c>. The reference column.</summary>
public sealed class SlimPerCallContender : Contender
{
    /// <summary>The name every ratio is taken against.</summary>
    public const string ContenderName = "Slim (PerCall)";

    private readonly SlimSerializer _slim;
    private readonly bool _tolerant;

    /// <summary>The reference column (strict layouts), or with <paramref name="versioning"/> Tolerant its version-tolerant twin.</summary>
    public SlimPerCallContender(SlimVersioning versioning = SlimVersioning.Strict)
    {
        _slim = new SlimSerializer(SlimPerfOptions.For(TypeRegistryMode.PerCall, versioning));
        _tolerant = versioning == SlimVersioning.Tolerant;
    }

    /// <inheritdoc/>
    public override string Name => _tolerant ? "Slim tolerant (PerCall)" : ContenderName;

    /// <inheritdoc/>
    public override string Notes => _tolerant
        ? "SlimVersioning.Tolerant: every message carries its types' member lists; same-version reader."
        : "new byte[] per call; every message carries its type names.";

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared) => _slim.Serialize(prepared);

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload) => _slim.Deserialize(payload);
}
