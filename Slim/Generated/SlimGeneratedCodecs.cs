using System.Collections.Concurrent;
using System.ComponentModel;

namespace NFX.Slim.Generated;

/// <summary>
/// The generated codecs of the process: each assembly the NFX.Slim source generator ran on registers its own from a
/// module initializer, before any of its code runs. Serializers look a class up here before compiling a codec for it.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static partial class SlimGeneratedCodecs
{
    private static readonly ConcurrentDictionary<Type, SlimGeneratedCodec> s_codecs = new();
    private static readonly ConcurrentDictionary<(string Assembly, string Name), Type> s_types = new();

    /// <summary>Registers <paramref name="codec"/> for its type; the first registration of a type stays.</summary>
    public static void Register(SlimGeneratedCodec codec)
    {
        ArgumentNullException.ThrowIfNull(codec);
        s_codecs.TryAdd(codec.Type, codec);
    }

    /// <summary>
    /// Registers the types the generator reached in an assembly (its classes, structs and enums), so a reader resolves
    /// their names without scanning the assembly's metadata: the only way to find them in a NativeAOT app, and the
    /// fastest in any app. Only resolution is faster; which names a read admits is still the type policy's decision.
    /// </summary>
    public static void RegisterTypes(params Type[] types)
    {
        ArgumentNullException.ThrowIfNull(types);
        foreach (Type type in types)
        {
            if (TypeSystem.TypeNames.AssemblyName(type) is { Length: > 0 } assembly && type.FullName is { } name)
            {
                s_types.TryAdd((assembly, name), type);
            }
        }
    }

    /// <summary>A type registered by <see cref="RegisterTypes"/> under its assembly's simple name and full name.</summary>
    internal static Type? FindType(string assembly, string fullName) => s_types.TryGetValue((assembly, fullName), out Type? type) ? type : null;

    /// <summary>The generated codec of <paramref name="type"/>, if one was registered.</summary>
    public static bool TryGet(Type type, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out SlimGeneratedCodec? codec) =>
        s_codecs.TryGetValue(type, out codec);

    /// <summary>True when a generated codec of <paramref name="type"/> was registered.</summary>
    public static bool Contains(Type type) => s_codecs.ContainsKey(type);
}
