using NFX.Perf.Workloads;
using Thrift;
using Thrift.Protocol;
using Thrift.Transport;
using Thrift.Transport.Client;

namespace NFX.Perf.Contenders.Thrift;

/// <summary>
/// Apache Thrift (netstd runtime) on the structs generated from Perf/Thrift/perf.thrift: written into a reused
/// <see cref="TMemoryBufferTransport"/> and read back through another one, through the protocol of the subclass.
/// Thrift's API is asynchronous; over a memory transport every call completes synchronously, so it is awaited inline.
/// </summary>
public abstract class ThriftContender : Contender
{
    private static readonly TConfiguration s_configuration = new();

    private readonly TMemoryBufferTransport _output = new(s_configuration, 64 * 1024);
    private readonly TMemoryBufferTransport _input = new(s_configuration, 64 * 1024);
    private readonly TProtocol _writer;
    private readonly TProtocol _reader;
    private Type _rootType = typeof(object);

    /// <summary>Creates the contender with its two protocols.</summary>
    protected ThriftContender()
    {
        _writer = CreateProtocol(_output);
        _reader = CreateProtocol(_input);
    }

    /// <summary>The protocol over <paramref name="transport"/>.</summary>
    protected abstract TProtocol CreateProtocol(TTransport transport);

    /// <inheritdoc/>
    public override string? CannotHandle(Workload workload)
    {
        if ((workload.Traits & (WorkloadTraits.SharedReferences | WorkloadTraits.Cycles)) != 0)
        {
            return "no cycles or shared references in Thrift structs";
        }
        return (workload.Traits & WorkloadTraits.Deep) != 0 ? "a 1M-deep chain of nested structs exceeds Thrift's recursion limit (64)" : null;
    }

    /// <inheritdoc/>
    public override void Setup(Workload workload, IReadOnlyList<object> roots) => _rootType = roots[0].GetType();

    /// <inheritdoc/>
    public override object Prepare(object root) => ThriftMapper.ToStruct(root);

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared)
    {
        _output.SetLength(0);
        _output.Seek(0, SeekOrigin.Begin);
        ((TBase)prepared).WriteAsync(_writer, CancellationToken.None).GetAwaiter().GetResult();
        // The documented way out of the memory transport: a copy of the written bytes.
        return _output.GetBuffer();
    }

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload)
    {
        _input.SetLength(0);
        _input.Seek(0, SeekOrigin.Begin);
        byte[] bytes = System.Runtime.InteropServices.MemoryMarshal.TryGetArray(payload, out ArraySegment<byte> segment)
            && segment.Array is not null ? segment.Array : payload.ToArray();
        int offset = segment.Array is not null ? segment.Offset : 0;
        _input.WriteAsync(bytes, offset, payload.Length, CancellationToken.None).GetAwaiter().GetResult();
        _input.Seek(0, SeekOrigin.Begin);
        TBase result = ThriftMapper.CreateEmpty(_rootType);
        result.ReadAsync(_reader, CancellationToken.None).GetAwaiter().GetResult();
        return result;
    }

    /// <inheritdoc/>
    public override object? ToModel(object? deserialized) => ThriftMapper.ToModel(deserialized);
}
