using System.Diagnostics.CodeAnalysis;

namespace NFX.IO;

/// <summary>
/// The set of "native" types: those the wire layer writes directly, with no type handle or object header. The built-in
/// set is the primitives and BCL value types, their arrays and nullables, strings and byte arrays; add your own (a money
/// or id struct, say) with <see cref="With{T, TCodec}"/>. Immutable: every format can be shared.
/// </summary>
/// <remarks>Writer and reader must use the same format: a native type's bytes carry no type information.</remarks>
public sealed class StreamerFormat
{
    // Null in the default format, whose rows are the built-in table's, each made when its type is first asked for
    // (BuiltInNativeTypes); a format made by With holds all of its rows.
    private readonly NativeTypeCodec[]? _rows;
    // Not a FrozenDictionary: the frozen collections cost a fresh process ~9 ms of its first call to build (Slim's type
    // tables included, measured in cold-start traces), and this table is read once per type, when a codec is built.
    private readonly Dictionary<Type, NativeTypeCodec>? _byType;

    private StreamerFormat(NativeTypeCodec[]? rows)
    {
        _rows = rows;
        _byType = rows?.ToDictionary(row => row.Type);
    }

    /// <summary>The built-in format: primitives, BCL value types, strings, byte arrays and primitive arrays.</summary>
    public static StreamerFormat Default { get; } = new(null);

    /// <summary>
    /// This format with <typeparamref name="T"/> written and read by <typeparamref name="TCodec"/>: a new native type, or
    /// a new encoding of one this format has (a built-in one included), which then replaces it in place.
    /// </summary>
    /// <typeparam name="T">The native type.</typeparam>
    /// <typeparam name="TCodec">Its codec, usually an empty struct implementing <see cref="IWireCodec{T}"/>.</typeparam>
    public StreamerFormat With<T, TCodec>() where TCodec : IWireCodec<T>
    {
        NativeTypeCodec row = NativeTypeCodec.Of<T, TCodec>();
        NativeTypeCodec[] current = _rows ?? [.. BuiltInNativeTypes.All];
        int at = Array.FindIndex(current, existing => existing.Type == typeof(T));
        NativeTypeCodec[] rows = at < 0 ? [.. current, row] : [.. current];
        if (at >= 0)
        {
            rows[at] = row;
        }
        return new StreamerFormat(rows);
    }

    /// <summary>Every native type of this format, the built-in ones first, in the order of its table.</summary>
    public IEnumerable<Type> NativeTypes => _rows is null ? BuiltInNativeTypes.Types : _rows.Select(row => row.Type);

    /// <summary>Finds how <paramref name="type"/> is written natively, if it is a native type of this format.</summary>
    public bool TryGetCodec(Type type, [NotNullWhen(true)] out NativeTypeCodec? codec)
    {
        if (_byType is null)
        {
            codec = BuiltInNativeTypes.Find(type);
            return codec is not null;
        }
        return _byType.TryGetValue(type, out codec);
    }

    /// <summary>True when <paramref name="type"/> is a native type of this format.</summary>
    public bool IsNative(Type type) => _byType is null ? BuiltInNativeTypes.Contains(type) : _byType.ContainsKey(type);
}
