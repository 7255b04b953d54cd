using System.Collections.Concurrent;
using System.ComponentModel;

namespace NFX.Slim.Generated;

/// <summary>
/// The generated codecs of the process: each assembly the NFX.Slim source generator ran on registers its own from a
/// module initializer, before any of its code runs. Serializers look a class up here before compiling a codec for it.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class SlimGeneratedCodecs
{
    private static readonly ConcurrentDictionary<Type, SlimGeneratedCodec> s_codecs = new();

    /// <summary>Registers <paramref name="codec"/> for its type; the first registration of a type stays.</summary>
    public static void Register(SlimGeneratedCodec codec)
    {
        ArgumentNullException.ThrowIfNull(codec);
        s_codecs.TryAdd(codec.Type, codec);
    }

    /// <summary>The generated codec of <paramref name="type"/>, if one was registered.</summary>
    public static bool TryGet(Type type, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out SlimGeneratedCodec? codec) =>
        s_codecs.TryGetValue(type, out codec);

    /// <summary>True when a generated codec of <paramref name="type"/> was registered.</summary>
    public static bool Contains(Type type) => s_codecs.ContainsKey(type);
}
