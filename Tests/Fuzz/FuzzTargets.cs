using NFX.Tests.Fuzz.Targets;

namespace NFX.Tests.Fuzz;

/// <summary>Every fuzz target, by name.</summary>
public static class FuzzTargets
{
    /// <summary>The target names, in the order <c>fuzz.sh all</c> runs them; known without creating any target.</summary>
    public static IReadOnlyList<string> Names { get; } =
        ["slim-policy", "slim-allowall", "slim-typed", "reader", "glue-handshake", "glue-frames", "cache-value", "slim-layouts",
            "orleans", "akka"];

    /// <summary>Every target.</summary>
    public static IEnumerable<FuzzTarget> All => Names.Select(Get);

    /// <summary>
    /// The target named <paramref name="name"/>. Creating one runs product code (serializers, corpora), which under the
    /// fuzzer must happen only in the fork server's child, where the coverage map exists.
    /// </summary>
    public static FuzzTarget Get(string name) => name switch
    {
        "slim-policy" => SlimTarget.Policy,
        "slim-allowall" => SlimTarget.AllowAll,
        "slim-typed" => SlimTarget.Typed,
        "reader" => new ReaderTarget(),
        "glue-handshake" => new GlueHandshakeTarget(),
        "glue-frames" => new GlueFrameTarget(),
        "cache-value" => new CacheValueTarget(),
        "slim-layouts" => new LayoutTarget(),
        "orleans" => new OrleansTarget(),
        "akka" => new AkkaTarget(),
        _ => throw new ArgumentException($"Unknown fuzz target '{name}'; known: {string.Join(", ", Names)}.", nameof(name)),
    };
}
