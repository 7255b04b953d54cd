using System.Buffers;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using NFX.Perf.Contenders.Json;
using NFX.Perf.Workloads;

namespace NFX.Perf.Contenders;

/// <summary>
/// System.Text.Json with a source-generated context (what an ASP.NET Core or NativeAOT app uses): the reflection
/// row's settings, with the metadata and serialization code built at compile time (<see cref="PerfJsonTreeContext"/>,
/// <see cref="PerfJsonGraphContext"/>).
/// </summary>
public sealed class SystemTextJsonGeneratedContender : Contender
{
    /// <summary>The name in the tables.</summary>
    public const string ContenderName = "System.Text.Json (generated)";

    private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);
    private readonly Utf8JsonWriter _writer;
    private JsonTypeInfo? _typeInfo;

    /// <summary>Creates the contender with its reused writer.</summary>
    public SystemTextJsonGeneratedContender() =>
        _writer = new Utf8JsonWriter(_buffer, new JsonWriterOptions { SkipValidation = true, MaxDepth = SystemTextJsonContender.MaxDepth });

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        $"JsonSerializerContext from [JsonSerializable] (IncludeFields, MaxDepth {SystemTextJsonContender.MaxDepth}; a second context with ReferenceHandler.Preserve for graph workloads); reused Utf8JsonWriter.";

    /// <inheritdoc/>
    public override void Setup(Workload workload, IReadOnlyList<object> roots)
    {
        bool graph = (workload.Traits & (WorkloadTraits.SharedReferences | WorkloadTraits.Cycles | WorkloadTraits.Deep)) != 0;
        Type root = roots[0].GetType();
        _typeInfo = (graph ? PerfJsonGraphContext.Default : (System.Text.Json.Serialization.JsonSerializerContext)PerfJsonTreeContext.Default).GetTypeInfo(root)
            ?? throw new NotSupportedException($"No generated metadata for {root.Name}: add [JsonSerializable(typeof({root.Name}))] to the contexts.");
    }

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared)
    {
        _buffer.ResetWrittenCount();
        _writer.Reset(_buffer);
        JsonSerializer.Serialize(_writer, prepared, TypeInfo);
        _writer.Flush();
        return _buffer.WrittenMemory;
    }

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload) => JsonSerializer.Deserialize(payload.Span, TypeInfo);

    private JsonTypeInfo TypeInfo => _typeInfo ?? throw new InvalidOperationException("Setup was not called.");
}
