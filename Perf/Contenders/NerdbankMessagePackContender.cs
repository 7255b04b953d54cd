using System.Buffers;
using Nerdbank.MessagePack;
using NFX.Perf.Contenders.Nerdbank;
using NFX.Perf.Workloads;
using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Graph;
using NFX.Perf.Workloads.LinkedList;
using NFX.Perf.Workloads.Orders;
using NFX.Perf.Workloads.Perzons;
using PolyType;
using PolyType.Abstractions;

namespace NFX.Perf.Contenders;

/// <summary>
/// Nerdbank.MessagePack on the plain workload types through build-time PolyType shapes (<see cref="NerdbankShapes"/>):
/// references off on trees (its default), <see cref="ReferencePreservationMode.AllowCycles"/> on graphs with sharing or
/// cycles; DateTime with its Kind (<c>WithHiFiDateTime</c>), as every other row must keep it.
/// </summary>
public sealed class NerdbankMessagePackContender : Contender
{
    /// <summary>The name in the tables.</summary>
    public const string ContenderName = "Nerdbank.MessagePack";

    /// <summary>Its converters recurse once per nesting level, bounded by this depth (64 by default; the company graph needs more).</summary>
    public const int MaxDepth = 4096;

    /// <summary>Why the 1M-node list is out of reach.</summary>
    public const string TooDeep =
        "its converters recurse once per nesting level, bounded by SerializationContext.MaxDepth (raised to 4,096 here): a list 1,000,000 deep exceeds it, and without the bound the stack";

    // Each workload root with its shape; the codec is closed over the root type so the typed API is what is timed.
    private static readonly Dictionary<Type, Func<MessagePackSerializer, TypedCodec>> s_codecs = new()
    {
        [typeof(Perzon)] = s => new Codec<Perzon>(s, TypeShapeResolver.Resolve<Perzon, NerdbankShapes>()),
        [typeof(Question)] = s => new Codec<Question>(s, TypeShapeResolver.Resolve<Question, NerdbankShapes>()),
        [typeof(Order)] = s => new Codec<Order>(s, TypeShapeResolver.Resolve<Order, NerdbankShapes>()),
        [typeof(Company)] = s => new Codec<Company>(s, TypeShapeResolver.Resolve<Company, NerdbankShapes>()),
        [typeof(Node)] = s => new Codec<Node>(s, TypeShapeResolver.Resolve<Node, NerdbankShapes>()),
        [typeof(int[])] = s => new Codec<int[]>(s, TypeShapeResolver.Resolve<int[], NerdbankShapes>()),
        [typeof(double[])] = s => new Codec<double[]>(s, TypeShapeResolver.Resolve<double[], NerdbankShapes>()),
        [typeof(byte[])] = s => new Codec<byte[]>(s, TypeShapeResolver.Resolve<byte[], NerdbankShapes>()),
    };

    private TypedCodec? _codec;

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "plain types through [GenerateShapeFor<T>] PolyType shapes on a witness class (generated at build time); PreserveReferences Off on trees, " +
        $"AllowCycles on the company graph; SerializeDefaultValues Always; WithHiFiDateTime (keeps DateTime.Kind); MaxDepth {MaxDepth}; into a reused ArrayBufferWriter.";

    /// <summary>The serializer of a workload: references preserved only where the graph shares objects or has cycles.</summary>
    public static MessagePackSerializer CreateSerializer(bool graph) => new MessagePackSerializer
    {
        SerializeDefaultValues = SerializeDefaultValuesPolicy.Always,
        PreserveReferences = graph ? ReferencePreservationMode.AllowCycles : ReferencePreservationMode.Off,
        StartingContext = new SerializationContext { MaxDepth = MaxDepth },
    }.WithHiFiDateTime();

    /// <inheritdoc/>
    public override string? CannotHandle(Workload workload) =>
        (workload.Traits & WorkloadTraits.Deep) != 0 ? TooDeep : null;

    /// <inheritdoc/>
    public override void Setup(Workload workload, IReadOnlyList<object> roots)
    {
        bool graph = (workload.Traits & (WorkloadTraits.SharedReferences | WorkloadTraits.Cycles)) != 0;
        Type root = roots[0].GetType();
        _codec = s_codecs.TryGetValue(root, out Func<MessagePackSerializer, TypedCodec>? create)
            ? create(CreateSerializer(graph))
            : throw new NotSupportedException($"No PolyType shape for {root.Name}: add [GenerateShapeFor<{root.Name}>] to NerdbankShapes.");
    }

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared) => Current.Serialize(prepared);

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload) => Current.Deserialize(payload);

    private TypedCodec Current => _codec ?? throw new InvalidOperationException("Setup was not called.");

    private sealed class Codec<T>(MessagePackSerializer serializer, ITypeShape<T> shape) : TypedCodec
    {
        private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);

        public override ReadOnlyMemory<byte> Serialize(object value)
        {
            _buffer.ResetWrittenCount();
            serializer.Serialize(_buffer, (T)value, shape);
            return _buffer.WrittenMemory;
        }

        public override object? Deserialize(ReadOnlyMemory<byte> payload) => serializer.Deserialize(payload, shape);
    }
}
