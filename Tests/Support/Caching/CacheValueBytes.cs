using System.Buffers.Binary;
using System.IO.Hashing;

namespace NFX.Tests.Caching.Support;

/// <summary>
/// Builds cache values byte by byte, from docs/FORMAT.md ("Cache values") rather than from the codec: 'S' 'C',
/// version 2, fingerprint, XxHash3 of the content seeded with the fingerprint, content.
/// </summary>
public static class CacheValueBytes
{
    public const int HeaderSize = 19;

    /// <summary>A well-formed value around <paramref name="content"/>: the header is intact, whatever the content holds.</summary>
    public static byte[] Stamp(ReadOnlySpan<byte> content, ulong fingerprint)
    {
        var value = new byte[HeaderSize + content.Length];
        value[0] = (byte)'S';
        value[1] = (byte)'C';
        value[2] = 2;
        BinaryPrimitives.WriteUInt64LittleEndian(value.AsSpan(3), fingerprint);
        BinaryPrimitives.WriteUInt64LittleEndian(value.AsSpan(11), XxHash3.HashToUInt64(content, unchecked((long)fingerprint)));
        content.CopyTo(value.AsSpan(HeaderSize));
        return value;
    }

    /// <summary>
    /// A copy of <paramref name="value"/> whose checksum matches its content and stored fingerprint (inputs too short
    /// for a header come back as they are): for fuzzing what lies behind the checksum.
    /// </summary>
    public static byte[] WithValidChecksum(byte[] value)
    {
        if (value.Length < HeaderSize)
        {
            return value;
        }
        byte[] copy = [.. value];
        ulong fingerprint = BinaryPrimitives.ReadUInt64LittleEndian(copy.AsSpan(3));
        BinaryPrimitives.WriteUInt64LittleEndian(copy.AsSpan(11), XxHash3.HashToUInt64(copy.AsSpan(HeaderSize), unchecked((long)fingerprint)));
        return copy;
    }

    /// <summary>The same content under another fingerprint, with a checksum that matches: what an older deploy wrote.</summary>
    public static byte[] Restamp(byte[] value, ulong fingerprint) => Stamp(value.AsSpan(HeaderSize), fingerprint);
}
