namespace NFX.Tests.StreamerFormats.Infrastructure;

/// <summary>Random varint encodings, valid and malformed, for tests that hold two decoders to the same answers.</summary>
public static class RandomVarInts
{
    /// <summary>
    /// 1 to 11 bytes, mostly continuation bytes, so that every length from 1 to 11 and every malformed form occurs; one in
    /// eight ends in a zero byte (non-minimal when a continuation precedes it).
    /// </summary>
    public static byte[] Next(Random random)
    {
        int length = 1 + random.Next(11);
        byte[] bytes = new byte[length];
        for (int b = 0; b < length; b++)
        {
            bytes[b] = (byte)(random.Next(4) == 0 ? random.Next(0x80) : 0x80 | random.Next(0x80));
        }
        if (random.Next(8) == 0)
        {
            bytes[^1] = 0;
        }
        return bytes;
    }
}
