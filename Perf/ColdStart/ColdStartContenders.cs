using System.Text.Json.Serialization;
using System.Text.Json;
using NFX.Perf.Workloads.Orders;
using NFX.Slim;
using PolyType;

namespace NFX.Perf.ColdStart;

/// <summary>
/// One contender of the cold-start table: the first Serialize + Deserialize of a type in a process. Each call builds
/// what the contender needs on first use (its serializer, its attributed copy of the data) inside the timing, as an
/// application's first request does; <see cref="ToPlain"/> maps the result back outside the timing for the check.
/// </summary>
public abstract class ColdStartContender
{
    /// <summary>The row label (also the child process's argument).</summary>
    public abstract string Name { get; }

    /// <summary>How it is called (the table's notes).</summary>
    public abstract string Notes { get; }

    /// <summary>Why it has no numbers (a slot kept for a contender that does not exist yet), or null.</summary>
    public virtual string? Unavailable => null;

    /// <summary>Serializes and deserializes <paramref name="order"/>; returns the copy in the contender's own types.</summary>
    public abstract object RoundTrip(Order order);

    /// <summary>Serializes and deserializes <paramref name="reading"/>; returns the copy in the contender's own types.</summary>
    public abstract object RoundTrip(Reading reading);

    /// <summary>The copy as the plain model (untimed).</summary>
    public virtual object ToPlain(object copy) => copy;
}

/// <summary>
/// The cold-start contenders in table order: a list of data (a name and how to create it), so a new contender is one
/// line here, and a child process creates only the one it times (creating another could load its library first).
/// </summary>
public static class ColdStartCatalog
{
    /// <summary>The row of Slim's build-time codecs.</summary>
    public const string SlimGenerated = "Slim (generated)";

    /// <summary>The reference row of the ratios.</summary>
    public const string Slim = "Slim";

    /// <summary>The peer of the cold-start target.</summary>
    public const string MemoryPack = "MemoryPack";

    /// <summary>Every contender's name and factory, Slim first.</summary>
    public static IReadOnlyList<(string Name, Func<ColdStartContender> Create)> Entries { get; } =
    [
        (Slim, () => new SlimCold()),
        (SlimGenerated, () => new SlimCold(generated: true)),
        (MemoryPack, () => new MemoryPackCold()),
        ("MessagePack", () => new MessagePackCold()),
        ("Nerdbank.MessagePack", () => new NerdbankCold()),
        ("System.Text.Json", () => new JsonReflectionCold()),
        ("System.Text.Json (generated)", () => new JsonGeneratedCold()),
    ];

    /// <summary>Fresh instances of every contender, in table order.</summary>
    public static IReadOnlyList<ColdStartContender> All() => Entries.Select(e => e.Create()).ToArray();

    /// <summary>A fresh instance of the contender named <paramref name="name"/> (case-insensitive), or null.</summary>
    public static ColdStartContender? Find(string name) =>
        Entries.FirstOrDefault(e => string.Equals(e.Name, name, StringComparison.OrdinalIgnoreCase)).Create?.Invoke();
}

/// <summary>
/// Slim PerCall: a new serializer, <c>Serialize(object)</c>, <c>Deserialize&lt;T&gt;</c>; no attributes. Its codecs are
/// compiled at first use, or (<c>generated</c>) the source generator's, written at build time.
/// </summary>
internal sealed class SlimCold(bool generated = false) : ColdStartContender
{
    private SlimSerializer? _slim;

    public override string Name => generated ? ColdStartCatalog.SlimGenerated : ColdStartCatalog.Slim;

    public override string Notes => generated
        ? "as Slim, on the codecs Slim's source generator wrote at build time (found from these calls; no attributes)"
        : "new SlimSerializer() on first use, Serialize(object) -> byte[], Deserialize<T>; the plain types; codecs compiled at first use";

    public override object RoundTrip(Order order) => Slim.Deserialize<Order>(Slim.Serialize(order))!;

    public override object RoundTrip(Reading reading) => Slim.Deserialize<Reading>(Slim.Serialize(reading))!;

    private SlimSerializer Slim => _slim ??= new SlimSerializer(SlimOptions.Default with { UseGeneratedCodecs = generated });
}

/// <summary>MemoryPack: <c>[MemoryPackable]</c> copies (source-generated formatters).</summary>
internal sealed class MemoryPackCold : ColdStartContender
{
    public override string Name => ColdStartCatalog.MemoryPack;

    public override string Notes => "[MemoryPackable] copies (mapped from the plain types inside the timing), Serialize<T> -> byte[], Deserialize<T>";

    public override object RoundTrip(Order order) =>
        MemoryPack.MemoryPackSerializer.Deserialize<MpkOrder>(MemoryPack.MemoryPackSerializer.Serialize(ColdStartCopies.ToMemoryPack(order)))!;

    public override object RoundTrip(Reading reading) =>
        MemoryPack.MemoryPackSerializer.Deserialize<MpkReading>(MemoryPack.MemoryPackSerializer.Serialize(ColdStartCopies.ToMemoryPack(reading)))!;

    public override object ToPlain(object copy) =>
        copy is MpkOrder o ? ColdStartCopies.FromMemoryPack(o) : ColdStartCopies.FromMemoryPack((MpkReading)copy);
}

/// <summary>MessagePack 3.1: <c>[MessagePackObject]</c> copies with integer keys, the standard resolver.</summary>
internal sealed class MessagePackCold : ColdStartContender
{
    public override string Name => "MessagePack";

    public override string Notes =>
        "[MessagePackObject] copies with [Key(int)], MessagePackSerializer.Serialize<T> -> byte[], Deserialize<T>, default options; " +
        "formatters built at run time (DynamicObjectResolver): its source generator ships in MessagePackAnalyzer 3.x, not served here";

    public override object RoundTrip(Order order) =>
        MessagePack.MessagePackSerializer.Deserialize<MsgOrder>(MessagePack.MessagePackSerializer.Serialize(ColdStartCopies.ToMessagePack(order)));

    public override object RoundTrip(Reading reading) =>
        MessagePack.MessagePackSerializer.Deserialize<MsgReading>(MessagePack.MessagePackSerializer.Serialize(ColdStartCopies.ToMessagePack(reading)));

    public override object ToPlain(object copy) =>
        copy is MsgOrder o ? ColdStartCopies.FromMessagePack(o) : ColdStartCopies.FromMessagePack((MsgReading)copy);
}

/// <summary>Nerdbank.MessagePack: the plain types through build-time PolyType shapes (<see cref="ColdStartShapes"/>).</summary>
internal sealed class NerdbankCold : ColdStartContender
{
    private Nerdbank.MessagePack.MessagePackSerializer? _serializer;

    public override string Name => "Nerdbank.MessagePack";

    public override string Notes => "new MessagePackSerializer() on first use, Serialize<T, TProvider> / Deserialize<T, TProvider> with a [GenerateShapeFor<T>] witness; the plain types";

    public override object RoundTrip(Order order) =>
        Serializer.Deserialize<Order, ColdStartShapes>(Serializer.Serialize<Order, ColdStartShapes>(order))!;

    public override object RoundTrip(Reading reading) =>
        Serializer.Deserialize<Reading, ColdStartShapes>(Serializer.Serialize<Reading, ColdStartShapes>(reading))!;

    private Nerdbank.MessagePack.MessagePackSerializer Serializer => _serializer ??= new();
}

/// <summary>System.Text.Json by reflection, default options.</summary>
internal sealed class JsonReflectionCold : ColdStartContender
{
    public override string Name => "System.Text.Json";

    public override string Notes => "JsonSerializer.SerializeToUtf8Bytes<T> / Deserialize<T> by reflection, default options";

    public override object RoundTrip(Order order) => JsonSerializer.Deserialize<Order>(JsonSerializer.SerializeToUtf8Bytes(order))!;

    public override object RoundTrip(Reading reading) => JsonSerializer.Deserialize<Reading>(JsonSerializer.SerializeToUtf8Bytes(reading))!;
}

/// <summary>System.Text.Json through a source-generated context (<see cref="ColdStartJsonContext"/>).</summary>
internal sealed class JsonGeneratedCold : ColdStartContender
{
    public override string Name => "System.Text.Json (generated)";

    public override string Notes => "the same through a [JsonSerializable] JsonSerializerContext (metadata generated at build time)";

    public override object RoundTrip(Order order) =>
        JsonSerializer.Deserialize(JsonSerializer.SerializeToUtf8Bytes(order, ColdStartJsonContext.Default.Order), ColdStartJsonContext.Default.Order)!;

    public override object RoundTrip(Reading reading) =>
        JsonSerializer.Deserialize(JsonSerializer.SerializeToUtf8Bytes(reading, ColdStartJsonContext.Default.Reading), ColdStartJsonContext.Default.Reading)!;
}

/// <summary>The PolyType witness of the cold-start types (its own, so the serializer tables' witness is not loaded here).</summary>
[GenerateShapeFor<Order>]
[GenerateShapeFor<Reading>]
public sealed partial class ColdStartShapes;

/// <summary>System.Text.Json's build-time metadata for the cold-start types.</summary>
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(Reading))]
public sealed partial class ColdStartJsonContext : JsonSerializerContext;
