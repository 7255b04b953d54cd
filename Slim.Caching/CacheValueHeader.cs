using System.Buffers;
using System.Buffers.Binary;
using System.IO.Hashing;

namespace NFX.Slim.Caching;

/// <summary>
/// The header in front of every cache value, written and checked here only (docs/FORMAT.md, "Cache values").
/// A Slim message (the content) follows it.
/// </summary>
/// <remarks>
/// <code>
/// offset  size  field
///      0     2  magic 'S' 'C' (0x53 0x43)
///      2     1  cache-value format version (2 strict, 3 version-tolerant)
///      3     8  layout fingerprint of the declared type, little-endian
///     11     8  checksum: XxHash3 64-bit of the content (offset 19 to the end), seeded with the fingerprint, little-endian
///     19     n  content: one Slim message
/// </code>
/// The checksum is seeded with the fingerprint (its complement for version 3) so that one hash covers the version, the fingerprint and the content: a flipped bit anywhere from the
/// version byte, a truncation or an appended byte is <see cref="SlimCacheValueProblem.Corrupt"/>, never a misread.
/// It guards against accidents (bit rot, a truncated write, another writer's bytes), not against an attacker who can
/// write the cache: that one can compute the hash too, and the type policy is what stands in their way.
/// </remarks>
internal static class CacheValueHeader
{
    public const byte Magic0 = (byte)'S';
    public const byte Magic1 = (byte)'C';

    /// <summary>2: the checksum was added. Version 1 values (no checksum) are refused as unsupported: a miss.</summary>
    public const byte Version = 2;

    /// <summary>3: as <see cref="Version"/>, for a message that carries member lists (SlimVersioning.Tolerant): the fingerprint is informative only.</summary>
    public const byte VersionTolerant = 3;

    public const int Size = 19;
    private const int FingerprintOffset = 3;
    private const int ChecksumOffset = 11;

    /// <summary>Fills the header in front of <paramref name="value"/>'s content (the first <see cref="Size"/> bytes are the header's room).</summary>
    public static void Write(Span<byte> value, ulong fingerprint, bool tolerant)
    {
        value[0] = Magic0;
        value[1] = Magic1;
        value[2] = tolerant ? VersionTolerant : Version;
        BinaryPrimitives.WriteUInt64LittleEndian(value[FingerprintOffset..], fingerprint);
        BinaryPrimitives.WriteUInt64LittleEndian(value[ChecksumOffset..], Checksum(value[Size..], Seed(fingerprint, value[2])));
    }

    /// <summary>Checks the header and the checksum; returns null when the value is intact and for <paramref name="expected"/>, otherwise the problem and a reason.</summary>
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
        if (header[2] != Version && header[2] != VersionTolerant)
        {
            return (SlimCacheValueProblem.UnsupportedVersion,
                $"cache value format version {header[2]} is not supported (this reader knows {Version} and {VersionTolerant})");
        }
        ulong fingerprint = BinaryPrimitives.ReadUInt64LittleEndian(header[FingerprintOffset..]);
        ulong stored = BinaryPrimitives.ReadUInt64LittleEndian(header[ChecksumOffset..]);
        ulong actual = Checksum(value.Slice(Size), Seed(fingerprint, header[2]));
        if (actual != stored)
        {
            return (SlimCacheValueProblem.Corrupt,
                $"the checksum at offset {ChecksumOffset} is {stored:X16} but the {value.Length - Size}-byte content hashes to {actual:X16} (corrupt or truncated)");
        }
        // A tolerant value's message maps the writer's layouts itself; one it cannot map fails there as LayoutChanged.
        if (fingerprint != expected && header[2] == Version)
        {
            return (SlimCacheValueProblem.LayoutChanged,
                $"it was written for layout fingerprint {fingerprint:X16}, the type now has {expected:X16} (a deploy changed the type)");
        }
        return null;
    }

    // The tolerant form seeds with the fingerprint's complement, so the checksum covers the version byte too: one flipped
    // bit turning a strict value into a tolerant one (02 <-> 03) is Corrupt, not a value read without its layout check.
    private static ulong Seed(ulong fingerprint, byte version) => version == VersionTolerant ? ~fingerprint : fingerprint;

    private static ulong Checksum(ReadOnlySpan<byte> content, ulong fingerprint) => XxHash3.HashToUInt64(content, unchecked((long)fingerprint));

    private static ulong Checksum(in ReadOnlySequence<byte> content, ulong fingerprint)
    {
        if (content.IsSingleSegment)
        {
            return Checksum(content.FirstSpan, fingerprint);
        }
        var hash = new XxHash3(unchecked((long)fingerprint));
        foreach (ReadOnlyMemory<byte> segment in content)
        {
            hash.Append(segment.Span);
        }
        return hash.GetCurrentHashAsUInt64();
    }
}
