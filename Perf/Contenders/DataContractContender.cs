using System.Runtime.Serialization;
using NFX.Perf.Workloads;

namespace NFX.Perf.Contenders;

/// <summary>DataContractSerializer (text XML), PreserveObjectReferences on for graphs with sharing or cycles.</summary>
public sealed class DataContractContender : Contender
{
    private readonly MemoryStream _output = new();
    private DataContractSerializer? _serializer;

    /// <inheritdoc/>
    public override string Name => "DataContractSerializer";

    /// <inheritdoc/>
    public override string Notes => "text XML into a reused MemoryStream; PreserveObjectReferences on graph workloads.";

    /// <inheritdoc/>
    public override void Setup(Workload workload, IReadOnlyList<object> roots)
    {
        bool graph = (workload.Traits & (WorkloadTraits.SharedReferences | WorkloadTraits.Cycles | WorkloadTraits.Deep)) != 0;
        Type rootType = roots[0].GetType();
        _serializer = new DataContractSerializer(rootType, new DataContractSerializerSettings { PreserveObjectReferences = graph });
    }

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared)
    {
        Serializer.WriteObject(ReusableStream.Reset(_output), prepared);
        return ReusableStream.Written(_output);
    }

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload)
    {
        using MemoryStream input = ReusableStream.Over(payload);
        return Serializer.ReadObject(input);
    }

    private DataContractSerializer Serializer => _serializer ?? throw new InvalidOperationException("Setup was not called.");
}
