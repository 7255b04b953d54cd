using Hyperion;

namespace NFX.Perf.Contenders;

/// <summary>Hyperion on the plain types with <c>preserveObjectReferences: true</c> (shared references and cycles).</summary>
public sealed class HyperionContender : Contender
{
    /// <summary>The name in the tables.</summary>
    public const string ContenderName = "Hyperion";

    private readonly Serializer _serializer = new(SerializerOptions.Default.WithPreserveObjectReferences(true));
    private readonly MemoryStream _output = new();

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes => "plain types, SerializerOptions.Default.WithPreserveObjectReferences(true); into a reused MemoryStream.";

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared)
    {
        _serializer.Serialize(prepared, ReusableStream.Reset(_output));
        return ReusableStream.Written(_output);
    }

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload)
    {
        using MemoryStream input = ReusableStream.Over(payload);
        return _serializer.Deserialize(input);
    }
}
