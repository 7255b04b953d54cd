using System.Buffers;
using System.Buffers.Binary;

namespace NFX.Slim.Caching;

/// <summary>
/// The header in front of every cache value (docs/FORMAT.md, "Cache values"): 'S' 'C', the cache-value format
/// version, then the 8-byte little-endian layout fingerprint of the value's declared type. A Slim message follows.
/// </summary>
internal static class CacheValueHeader
{
    public const byte Magic0 = (byte)'S';
    public const byte Magic1 = (byte)'C';
    public const byte Version = 1;

    /// <summary>A value whose Slim message carries member lists (SlimVersioning.Tolerant): the fingerprint is informative only.</summary>
    public const byte VersionTolerant = 2;
    public const int Size = 11;

    public static void Write(Span<byte> destination, ulong fingerprint, bool tolerant)
    {
        destination[0] = Magic0;
        destination[1] = Magic1;
        destination[2] = tolerant ? VersionTolerant : Version;
        BinaryPrimitives.WriteUInt64LittleEndian(destination[3..], fingerprint);
    }

    /// <summary>Reads the header; returns null when it is valid for <paramref name="expected"/>, otherwise the problem and a reason.</summary>
    public static (SlimCacheValueProblem Problem, string Reason)? Check(in ReadOnlySequence<byte> value, ulong expected)
    {
        if (value.Length < Size)
        {
            return (SlimCacheValueProblem.NotACacheValue, $"{value.Length} byte(s) is shorter than the {Size}-byte cache value header");
        }
        Span<byte> header = stackalloc byte[Size];
        value.Slice(0, Size).CopyTo(header);
        if (header[0] != Magic0 || header[1] != Magic1)
        {
            return (SlimCacheValueProblem.NotACacheValue, $"it starts with 0x{header[0]:X2} 0x{header[1]:X2}, not 'SC'");
        }
        if (header[2] == VersionTolerant)
        {
            return null; // the message maps the writer's layouts itself; one it cannot map fails there as LayoutChanged
        }
        if (header[2] != Version)
        {
            return (SlimCacheValueProblem.UnsupportedVersion, $"cache value format version {header[2]} is not supported (this reader knows {Version} and {VersionTolerant})");
        }
        ulong actual = BinaryPrimitives.ReadUInt64LittleEndian(header[3..]);
        if (actual != expected)
        {
            return (SlimCacheValueProblem.LayoutChanged,
                $"it was written for layout fingerprint {actual:X16}, the type now has {expected:X16} (a deploy changed the type)");
        }
        return null;
    }
}
