namespace NFX.Tests.Orleans.Support;

/// <summary>Orleans' wire form, as the hostile-input tests forge it.</summary>
internal static class OrleansWire
{
    /// <summary>Orleans' varint: n bytes, little-endian, holding value &lt;&lt; n with bit n - 1 set (the count of low zero bits says how many bytes follow).</summary>
    public static byte[] VarUInt32(int value)
    {
        int bytes = 1;
        while (bytes < 5 && (ulong)value >= 1UL << (7 * bytes))
        {
            bytes++;
        }
        return BitConverter.GetBytes((ulong)value << bytes | 1UL << (bytes - 1))[..bytes];
    }

    /// <summary>
    /// A copy of <paramref name="message"/> in which the length-prefixed <paramref name="content"/> declares
    /// <paramref name="declared"/> bytes instead of its own length; <paramref name="prefixAt"/> is where that length starts.
    /// </summary>
    public static byte[] WithDeclaredLength(byte[] message, ReadOnlySpan<byte> content, int declared, out int prefixAt)
    {
        int at = message.AsSpan().IndexOf(content);
        byte[] actual = VarUInt32(content.Length);
        Assert.That(at >= actual.Length && message.AsSpan(at - actual.Length, actual.Length).SequenceEqual(actual),
            $"test set-up: the {content.Length} length-prefixed bytes were not found in the message (at {at})");
        prefixAt = at - actual.Length;
        return [.. message.AsSpan(0, prefixAt), .. VarUInt32(declared), .. message.AsSpan(at)];
    }

    /// <summary>
    /// A copy of <paramref name="message"/> in which the length-prefixed <paramref name="content"/> is replaced by
    /// <paramref name="replacement"/>, behind its own length (a forged type name in the codec's field 0, say).
    /// </summary>
    public static byte[] WithContent(byte[] message, ReadOnlySpan<byte> content, ReadOnlySpan<byte> replacement)
    {
        byte[] prefixed = WithDeclaredLength(message, content, content.Length, out int prefixAt);
        int end = prefixAt + VarUInt32(content.Length).Length + content.Length;
        return [.. message.AsSpan(0, prefixAt), .. VarUInt32(replacement.Length), .. replacement, .. prefixed.AsSpan(end)];
    }
}
