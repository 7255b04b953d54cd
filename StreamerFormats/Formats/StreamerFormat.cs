using System.Collections.Frozen;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace NFX.IO;

/// <summary>
/// The set of "native" types: those the wire layer writes directly, with no type handle or object header.
/// The base set is every <c>WriteX(T)</c>/<c>ReadX()</c> pair of <see cref="SlimWriter"/> and <see cref="SlimReader"/>.
/// Derive from this class and declare <c>public static void WriteX(SlimWriter writer, T value)</c> with
/// <c>public static T ReadX(SlimReader reader)</c> to add your own (a money or id struct, say); the pairs are
/// discovered once, when the format is constructed, and code generators call them directly.
/// </summary>
/// <remarks>Writer and reader must use the same format: a native type's bytes carry no type information.</remarks>
public class StreamerFormat
{
    private static readonly Lazy<Dictionary<Type, NativeTypeCodec>> s_builtIn = new(DiscoverBuiltIn);

    private readonly FrozenDictionary<Type, NativeTypeCodec> _codecs;

    /// <summary>The built-in format: primitives, BCL value types, strings, byte arrays and primitive arrays.</summary>
    public static StreamerFormat Default { get; } = new();

    /// <summary>Discovers the built-in pairs and those declared by the derived type.</summary>
    public StreamerFormat()
    {
        var codecs = new Dictionary<Type, NativeTypeCodec>(s_builtIn.Value);
        for (Type? type = GetType(); type is not null && type != typeof(StreamerFormat); type = type.BaseType)
        {
            foreach (NativeTypeCodec codec in DiscoverStatic(type))
            {
                codecs.TryAdd(codec.Type, codec); // the most derived declaration wins
            }
        }
        _codecs = codecs.ToFrozenDictionary();
    }

    /// <summary>Every native type of this format.</summary>
    public IEnumerable<Type> NativeTypes => _codecs.Keys;

    /// <summary>Finds how <paramref name="type"/> is written natively, if it is a native type of this format.</summary>
    public bool TryGetCodec(Type type, [NotNullWhen(true)] out NativeTypeCodec? codec) => _codecs.TryGetValue(type, out codec);

    /// <summary>True when <paramref name="type"/> is a native type of this format.</summary>
    public bool IsNative(Type type) => _codecs.ContainsKey(type);

    // The built-in pairs are those whose name is the canonical one for their type (WriteInt32/ReadInt32,
    // WriteInt32Array/ReadInt32Array, WriteNullableInt32/ReadNullableInt32), so helpers such as WriteFixed32(uint)
    // never become the encoding of uint by accident.
    private static Dictionary<Type, NativeTypeCodec> DiscoverBuiltIn()
    {
        const BindingFlags Flags = BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly;
        var readers = typeof(SlimReader).GetMethods(Flags)
            .Where(m => IsReadName(m.Name) && m.GetParameters().Length == 0 && !m.IsGenericMethod)
            .ToDictionary(m => m.Name, StringComparer.Ordinal);
        var codecs = new Dictionary<Type, NativeTypeCodec>();
        foreach (MethodInfo write in typeof(SlimWriter).GetMethods(Flags))
        {
            if (!IsWriteName(write.Name) || write.IsGenericMethod || write.ReturnType != typeof(void) ||
                write.GetParameters() is not [{ ParameterType: var type }])
            {
                continue;
            }
            string suffix = write.Name["Write".Length..];
            if (suffix == CanonicalName(type) && readers.TryGetValue("Read" + suffix, out MethodInfo? read) && read.ReturnType == type)
            {
                codecs.Add(type, new NativeTypeCodec(type, write, read));
            }
        }
        return codecs;
    }

    private static string CanonicalName(Type type)
    {
        if (type.IsArray && type.GetArrayRank() == 1 && type.GetElementType() is { } element)
        {
            return element == typeof(byte) ? "ByteArray" : element.Name + "Array";
        }
        return Nullable.GetUnderlyingType(type) is { } underlying ? "Nullable" + underlying.Name : type.Name;
    }

    private static IEnumerable<NativeTypeCodec> DiscoverStatic(Type format)
    {
        const BindingFlags Flags = BindingFlags.Public | BindingFlags.Static | BindingFlags.DeclaredOnly;
        MethodInfo[] methods = format.GetMethods(Flags);
        foreach (MethodInfo write in methods)
        {
            ParameterInfo[] parameters = write.GetParameters();
            if (!IsWriteName(write.Name) || write.IsGenericMethod || write.ReturnType != typeof(void) ||
                parameters.Length != 2 || parameters[0].ParameterType != typeof(SlimWriter))
            {
                continue;
            }
            Type type = parameters[1].ParameterType;
            string readName = "Read" + write.Name["Write".Length..];
            MethodInfo? read = methods.FirstOrDefault(m => m.Name == readName && !m.IsGenericMethod && m.ReturnType == type &&
                m.GetParameters() is [{ ParameterType: var p }] && p == typeof(SlimReader));
            if (read is null)
            {
                throw new InvalidOperationException(
                    $"{format.FullName}.{write.Name}(SlimWriter, {type.Name}) has no matching 'public static {type.Name} {readName}(SlimReader)'.");
            }
            yield return new NativeTypeCodec(type, write, read);
        }
    }

    private static bool IsWriteName(string name) => name.StartsWith("Write", StringComparison.Ordinal) && name.Length > 5;

    private static bool IsReadName(string name) => name.StartsWith("Read", StringComparison.Ordinal) && name.Length > 4;
}
