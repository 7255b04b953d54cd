using System.Collections.Concurrent;
using System.Text;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Orleans.Serialization;
using Orleans.Serialization.Configuration;
using Orleans.Serialization.Buffers;
using Orleans.Serialization.TypeSystem;

namespace NFX.Slim.Orleans;

/// <summary>
/// Reads a length-prefixed type name (the form of Orleans' <c>TypeCodec.WriteLengthPrefixed</c>) and resolves it
/// once per distinct name: parsed under bounds (<see cref="OrleansTypeName"/>), resolved among the assemblies already
/// loaded (<see cref="LoadedTypeResolver"/>: nothing is loaded), admitted by the codec (its <c>isSupported</c> and
/// Slim's policy), and only then handed to Orleans' <see cref="TypeConverter"/> for its own allow-list.
/// </summary>
/// <remarks>
/// Orleans' <c>TypeCodec.ReadLengthPrefixed</c> decodes, parses, rewrites and checks the name against the
/// allow-list on every read, several times what reading a small value costs; its cached path
/// (<c>TypeCodec.TryRead</c>) needs the hashed wire form instead. Its parser and rewriter recurse per generic argument
/// and array suffix, and its resolver loads any assembly a name mentions (following forwarders too) before any filter
/// sees the type: so no name reaches it before the checks above. The names cached here are only those resolved and
/// admitted, at most <see cref="MaxCachedNames"/> of them in <see cref="MaxCachedNameBytes"/>, so every refusal is
/// made again on every read and the cache never holds more than that.
/// </remarks>
internal sealed class TypeNameReader
{
    /// <summary>Enough for every type an application sends; past it names are resolved on each read, as Orleans does.</summary>
    private const int MaxCachedNames = 1024;

    /// <summary>The cache's bound in bytes of names (a name may be 16 KiB; real ones are under 200 bytes).</summary>
    internal const int MaxCachedNameBytes = 256 * 1024;

    /// <summary>Far over any real name (a generic type names each argument's assembly); a longer length is forged.</summary>
    internal const int MaxNameBytes = 16 * 1024;

    private static readonly UTF8Encoding s_strictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private readonly ConcurrentDictionary<byte[], Resolved> _types = new(NameComparer.Instance);
    private int _cachedBytes;
    // The name read last: most streams carry one value type after another, and comparing the bytes costs less than
    // hashing them for the dictionary. Replaced whole (a reference write), so every thread sees a consistent pair.
    private Resolved? _last;
    private readonly ConcurrentDictionary<byte[], Resolved>.AlternateLookup<ReadOnlySpan<byte>> _byName;
    private readonly Action<Type> _admit;
    // Taken from the first session, not the constructor: Orleans' TypeConverter is built from the type filters, the codec among them.
    private Services? _services;

    /// <summary>A reader whose names must pass <paramref name="admit"/> (which throws for a type it refuses) before Orleans' converter sees them.</summary>
    public TypeNameReader(Action<Type> admit)
    {
        _admit = admit;
        _byName = _types.GetAlternateLookup<ReadOnlySpan<byte>>();
    }

    /// <summary>The type named at the reader's position; every refusal is a <see cref="SlimDeserializationException"/> (or subtype) naming the offset.</summary>
    public Type Read<TInput>(ref Reader<TInput> reader)
    {
        long offset = reader.Position;
        uint declared = reader.ReadVarUInt32();
        if (declared > MaxNameBytes)
        {
            throw SlimErrors.NameTooLong(declared, MaxNameBytes, offset);
        }
        int length = (int)declared;
        ReadOnlySpan<byte> name = reader.TryReadBytes(length, out ReadOnlySpan<byte> contiguous) ? contiguous : reader.ReadBytes((uint)length);
        if (_last is { } last && name.SequenceEqual(last.Name))
        {
            return last.Type;
        }
        if (_byName.TryGetValue(name, out Resolved? resolved))
        {
            _last = resolved;
            return resolved.Type;
        }
        _services ??= new Services(reader.Session.CodecProvider.Services);
        Type type = Resolve(Decode(name, offset), offset, _services);
        if (_types.Count < MaxCachedNames && _cachedBytes + name.Length <= MaxCachedNameBytes)
        {
            resolved = new Resolved(name.ToArray(), type);
            if (_types.TryAdd(resolved.Name, resolved))
            {
                Interlocked.Add(ref _cachedBytes, name.Length);
            }
        }
        return type;
    }

    private Type Resolve(string text, long offset, Services services)
    {
        Type type;
        try
        {
            type = services.Resolver.Resolve(OrleansTypeName.Parse(text, offset), offset);
        }
        catch (SlimDeserializationException) when (services.Converters.Length != 0 && ByApplicationConverters(text, services.Converters) is { } mapped)
        {
            // A name the application's own converters map (a renamed type, say) is theirs to resolve.
            _admit(mapped);
            return mapped;
        }
        _admit(type);
        Type parsed;
        try
        {
            parsed = services.Converter.Parse(text);
        }
        catch (Exception e) when (e is not SlimException and not OutOfMemoryException)
        {
            throw SlimErrors.ConverterRefused(text, offset, e);
        }
        return parsed == type ? type : throw SlimErrors.ConverterDisagrees(text, type, parsed, offset);
    }

    private static Type? ByApplicationConverters(string text, ITypeConverter[] converters)
    {
        foreach (ITypeConverter converter in converters)
        {
            if (converter.TryParse(text, out Type? type) && type is not null)
            {
                return type;
            }
        }
        return null;
    }

    private static string Decode(ReadOnlySpan<byte> name, long offset)
    {
        try
        {
            return s_strictUtf8.GetString(name);
        }
        catch (DecoderFallbackException)
        {
            throw new SlimFormatException($"The Slim field's type name at offset {offset} is not valid UTF-8.", offset);
        }
    }

    /// <summary>What resolving needs from Orleans' container, taken once.</summary>
    private sealed class Services(IServiceProvider services)
    {
        public TypeConverter Converter { get; } = services.GetRequiredService<TypeConverter>();

        public ITypeConverter[] Converters { get; } = [.. services.GetServices<ITypeConverter>()];

        public LoadedTypeResolver Resolver { get; } = new(services.GetRequiredService<IOptions<TypeManifestOptions>>().Value.WellKnownTypeAliases);
    }

    /// <summary>A name resolved and admitted, and its type.</summary>
    private sealed record Resolved(byte[] Name, Type Type);

    private sealed class NameComparer : IEqualityComparer<byte[]>, IAlternateEqualityComparer<ReadOnlySpan<byte>, byte[]>
    {
        public static readonly NameComparer Instance = new();

        public bool Equals(byte[]? x, byte[]? y) => ReferenceEquals(x, y) || (x is not null && y is not null && x.AsSpan().SequenceEqual(y));

        public int GetHashCode(byte[] name) => GetHashCode(name.AsSpan());

        public bool Equals(ReadOnlySpan<byte> alternate, byte[] other) => alternate.SequenceEqual(other);

        public int GetHashCode(ReadOnlySpan<byte> alternate)
        {
            var hash = new HashCode();
            hash.AddBytes(alternate);
            return hash.ToHashCode();
        }

        public byte[] Create(ReadOnlySpan<byte> alternate) => alternate.ToArray();
    }
}
