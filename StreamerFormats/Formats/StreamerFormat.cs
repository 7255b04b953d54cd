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

    /// <summary>
    /// Discovers the built-in pairs and those declared by the derived types. A pair declared by a derived format
    /// replaces the built-in one for the same type, and the most derived declaration wins.
    /// </summary>
    /// <exception cref="InvalidOperationException">A derived format declares a WriteX without its ReadX (or the
    /// reverse), the two disagree on the type, or one type has two pairs in the same class.</exception>
    public StreamerFormat()
    {
        var codecs = new Dictionary<Type, NativeTypeCodec>();
        for (Type? type = GetType(); type is not null && type != typeof(StreamerFormat); type = type.BaseType)
        {
            var declared = new HashSet<Type>();
            foreach (NativeTypeCodec codec in DiscoverStatic(type))
            {
                if (!declared.Add(codec.Type))
                {
                    throw new InvalidOperationException(
                        $"{type.FullName} declares more than one Write/Read pair for {codec.Type.FullName}.");
                }
                codecs.TryAdd(codec.Type, codec); // the most derived declaration wins
            }
        }
        foreach (KeyValuePair<Type, NativeTypeCodec> builtIn in s_builtIn.Value)
        {
            codecs.TryAdd(builtIn.Key, builtIn.Value);
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

    // A derived format's public static WriteX(SlimWriter, T) / T ReadX(SlimReader) pairs. Any public static WriteX or
    // ReadX with the writer/reader as first parameter that does not complete a pair is a mistake worth failing for.
    private static List<NativeTypeCodec> DiscoverStatic(Type format)
    {
        const BindingFlags Flags = BindingFlags.Public | BindingFlags.Static | BindingFlags.DeclaredOnly;
        MethodInfo[] methods = format.GetMethods(Flags);
        var writes = methods.Where(m => IsWriteName(m.Name) && m.GetParameters() is [{ ParameterType: var p }, ..] && p == typeof(SlimWriter)).ToList();
        var reads = methods.Where(m => IsReadName(m.Name) && m.GetParameters() is [{ ParameterType: var p }, ..] && p == typeof(SlimReader)).ToList();
        var codecs = new List<NativeTypeCodec>();
        foreach (MethodInfo write in writes)
        {
            ParameterInfo[] parameters = write.GetParameters();
            if (write.IsGenericMethodDefinition || write.ReturnType != typeof(void) || parameters.Length != 2 || parameters[1].ParameterType.IsByRef)
            {
                throw new InvalidOperationException(
                    $"{format.FullName}.{write.Name} must be declared as 'public static void {write.Name}(SlimWriter writer, T value)'.");
            }
            Type type = parameters[1].ParameterType;
            string readName = "Read" + write.Name["Write".Length..];
            MethodInfo? read = reads.FirstOrDefault(m => m.Name == readName);
            if (read is null)
            {
                throw new InvalidOperationException(
                    $"{format.FullName}.{write.Name}(SlimWriter, {type.Name}) has no matching 'public static {type.Name} {readName}(SlimReader reader)'.");
            }
            if (read.IsGenericMethodDefinition || read.ReturnType != type || read.GetParameters().Length != 1)
            {
                throw new InvalidOperationException(
                    $"{format.FullName}.{readName} must be declared as 'public static {type.Name} {readName}(SlimReader reader)' " +
                    $"to match {write.Name}(SlimWriter, {type.Name}); it returns {read.ReturnType.Name}.");
            }
            codecs.Add(new NativeTypeCodec(type, write, read));
        }
        foreach (MethodInfo read in reads)
        {
            string writeName = "Write" + read.Name["Read".Length..];
            if (!writes.Any(m => m.Name == writeName))
            {
                throw new InvalidOperationException(
                    $"{format.FullName}.{read.Name}(SlimReader) has no matching 'public static void {writeName}(SlimWriter writer, {read.ReturnType.Name} value)'.");
            }
        }
        return codecs;
    }

    private static bool IsWriteName(string name) => name.StartsWith("Write", StringComparison.Ordinal) && name.Length > 5;

    private static bool IsReadName(string name) => name.StartsWith("Read", StringComparison.Ordinal) && name.Length > 4;
}
