using System.Collections.Concurrent;
using System.Text;
using Microsoft.Extensions.DependencyInjection;
using Orleans.Serialization.Buffers;
using Orleans.Serialization.TypeSystem;

namespace NFX.Slim.Orleans;

/// <summary>
/// Reads a length-prefixed type name (the form of Orleans' <c>TypeCodec.WriteLengthPrefixed</c>) and resolves it
/// through Orleans' <see cref="TypeConverter"/> once per distinct name.
/// </summary>
/// <remarks>
/// Orleans' <c>TypeCodec.ReadLengthPrefixed</c> decodes, parses, rewrites and checks the name against the
/// allow-list on every read, several times what reading a small value costs; its cached path
/// (<c>TypeCodec.TryRead</c>) needs the hashed wire form instead. The names cached here are only those the
/// converter resolved, so every refusal (an unknown or disallowed type) is still the converter's, on every read.
/// </remarks>
internal sealed class TypeNameReader
{
    /// <summary>Enough for every type an application sends; past it names are resolved on each read, as Orleans does.</summary>
    private const int MaxCachedNames = 1024;

    /// <summary>Far over any real name (a generic type names each argument's assembly); a longer length is forged.</summary>
    internal const int MaxNameBytes = 16 * 1024;

    private readonly ConcurrentDictionary<byte[], Resolved> _types = new(NameComparer.Instance);
    // The name read last: most streams carry one value type after another, and comparing the bytes costs less than
    // hashing them for the dictionary. Replaced whole (a reference write), so every thread sees a consistent pair.
    private Resolved? _last;
    private readonly ConcurrentDictionary<byte[], Resolved>.AlternateLookup<ReadOnlySpan<byte>> _byName;
    // Taken from the first session, not the constructor: Orleans' TypeConverter is built from the type filters, the codec among them.
    private TypeConverter? _converter;

    public TypeNameReader() => _byName = _types.GetAlternateLookup<ReadOnlySpan<byte>>();

    /// <summary>The type named at the reader's position; throws what <see cref="TypeConverter.Parse"/> throws for a name it refuses.</summary>
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
        _converter ??= reader.Session.CodecProvider.Services.GetRequiredService<TypeConverter>();
        Type type = _converter.Parse(Encoding.UTF8.GetString(name));
        if (_types.Count < MaxCachedNames)
        {
            resolved = new Resolved(name.ToArray(), type);
            _types.TryAdd(resolved.Name, resolved);
        }
        return type;
    }

    /// <summary>A name the converter resolved, and its type.</summary>
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
