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
}
