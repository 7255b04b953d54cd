using System.Buffers;
using System.Text.Json;
using System.Text.Json.Serialization;
using NFX.Perf.Workloads;

namespace NFX.Perf.Contenders;

/// <summary>System.Text.Json with fields included; ReferenceHandler.Preserve for graphs with sharing or cycles.</summary>
public sealed class SystemTextJsonContender : Contender
{
    /// <summary>The name in the tables.</summary>
    public const string ContenderName = "System.Text.Json";

    /// <summary>Deep enough for the graph workload (one department of peers deep), far above the default 64.</summary>
    public const int MaxDepth = 2048;

    private static readonly JsonSerializerOptions s_tree = new() { IncludeFields = true, MaxDepth = MaxDepth };
    private static readonly JsonSerializerOptions s_graph = new()
    {
        IncludeFields = true,
        MaxDepth = MaxDepth,
        ReferenceHandler = ReferenceHandler.Preserve,
    };

    private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);
    private readonly Utf8JsonWriter _writer;
    private JsonSerializerOptions _options = s_tree;
    private Type _rootType = typeof(object);

    /// <summary>Creates the contender with its reused writer.</summary>
    public SystemTextJsonContender() => _writer = new Utf8JsonWriter(_buffer, new JsonWriterOptions { SkipValidation = true, MaxDepth = MaxDepth });

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes => $"IncludeFields, MaxDepth {MaxDepth}, reused Utf8JsonWriter; ReferenceHandler.Preserve on graph workloads.";

    /// <inheritdoc/>
    public override void Setup(Workload workload, IReadOnlyList<object> roots)
    {
        bool graph = (workload.Traits & (WorkloadTraits.SharedReferences | WorkloadTraits.Cycles | WorkloadTraits.Deep)) != 0;
        _options = graph ? s_graph : s_tree;
        _rootType = roots[0].GetType();
    }

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared)
    {
        _buffer.ResetWrittenCount();
        _writer.Reset(_buffer);
        JsonSerializer.Serialize(_writer, prepared, _rootType, _options);
        _writer.Flush();
        return _buffer.WrittenMemory;
    }

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload) => JsonSerializer.Deserialize(payload.Span, _rootType, _options);
}
