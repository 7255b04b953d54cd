using NFX.Slim;

namespace NFX.Perf.Contenders;

/// <summary>Slim in PerCall mode through the simplest API: <c>Serialize(object) -> byte[]</c>. The reference column.</summary>
public class SlimPerCallContender : Contender
{
    /// <summary>The name every ratio is taken against.</summary>
    public const string ContenderName = "Slim (PerCall)";

    private readonly SlimSerializer _slim;

    /// <summary>The reference column: strict layouts.</summary>
    public SlimPerCallContender()
        : this(SlimVersioning.Strict)
    {
    }

    /// <summary>The same contender writing <paramref name="versioning"/> layouts.</summary>
    protected SlimPerCallContender(SlimVersioning versioning) =>
        _slim = new SlimSerializer(SlimPerfOptions.For(TypeRegistryMode.PerCall, versioning));

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes => "new byte[] per call; every message carries its type names.";

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared) => _slim.Serialize(prepared);

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload) => _slim.Deserialize(payload);
}
