using System.Runtime.Serialization.Formatters.Binary;
using NFX.Perf.Workloads;
using NFX.Perf.Workloads.Orders;

namespace NFX.Perf.Contenders;

/// <summary>BinaryFormatter (NuGet System.Runtime.Serialization.Formatters, enabled in Perf only).</summary>
public sealed class BinaryFormatterContender : Contender
{
#pragma warning disable SYSLIB0011 // The point is to measure it.
    private readonly BinaryFormatter _formatter = new();
#pragma warning restore SYSLIB0011
    private readonly MemoryStream _output = new();

    /// <inheritdoc/>
    public override string Name => "BinaryFormatter";

    /// <inheritdoc/>
    public override string Notes => "into a reused MemoryStream.";

    /// <inheritdoc/>
    public override string? CannotHandle(Workload workload) =>
        workload is OrderWorkload ? "the order's types are not [Serializable] (declared for no serializer), which BinaryFormatter requires" : null;

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared)
    {
        _formatter.Serialize(ReusableStream.Reset(_output), prepared);
        return ReusableStream.Written(_output);
    }

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload)
    {
        using MemoryStream input = ReusableStream.Over(payload);
        return _formatter.Deserialize(input);
    }
}
