using NFX.Slim;

namespace NFX.Perf.Contenders;

/// <summary>Slim in PerCall mode through the simplest API: <c>Serialize(object) -> byte[]</c>. The reference column.</summary>
public class SlimPerCallContender : Contender
{
    /// <summary>The name every ratio is taken against.</summary>
    public const string ContenderName = "Slim (PerCall)";

    private readonly SlimSerializer _slim;
    private readonly string _name;
    private readonly string _notes;

    /// <summary>The reference column: strict layouts.</summary>
    public SlimPerCallContender()
        : this(SlimVersioning.Strict, ContenderName, "new byte[] per call; every message carries its type names.")
    {
    }

    /// <summary>The same contender writing <paramref name="versioning"/> layouts, under its own name.</summary>
    protected SlimPerCallContender(SlimVersioning versioning, string name, string notes, bool generated = false)
    {
        _slim = new SlimSerializer(SlimPerfOptions.For(TypeRegistryMode.PerCall, versioning, generated));
        _name = name;
        _notes = notes;
    }

    /// <inheritdoc/>
    public override string Name => _name;

    /// <inheritdoc/>
    public override string Notes => _notes;

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared) => _slim.Serialize(prepared);

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload) => _slim.Deserialize(payload);
}
