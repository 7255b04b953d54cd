namespace NFX.IO;

public sealed partial class SlimReader
{
    /// <summary>
    /// Reads a string's UTF-8 bytes without decoding them (for name lookups that compare bytes, such as Slim's type
    /// names): the span is valid until the next read. Returns false for a null string. The bytes are not validated.
    /// </summary>
    internal bool TryReadStringBytes(out ReadOnlySpan<byte> bytes)
    {
        int length = ReadNullableLength("String", 1);
        if (length < 0)
        {
            bytes = default;
            return false;
        }
        bytes = new ReadOnlySpan<byte>(_buffer, _pos, length);
        _pos += length;
        return true;
    }

    /// <summary>The bytes already in the buffer and not yet read (valid until the next read).</summary>
    internal ReadOnlySpan<byte> UnreadBuffered => new(_buffer, _pos, _end - _pos);

    /// <summary>
    /// The bytes read since <paramref name="position"/> (an earlier <see cref="Position"/>), when they are all still in
    /// the buffer (a stream refill may have dropped them): valid until the next read.
    /// </summary>
    internal bool TryGetBytesReadSince(long position, out ReadOnlySpan<byte> bytes)
    {
        long start = position - _origin;
        if (start < 0 || start > _pos)
        {
            bytes = default;
            return false;
        }
        bytes = new ReadOnlySpan<byte>(_buffer, (int)start, _pos - (int)start);
        return true;
    }
}
