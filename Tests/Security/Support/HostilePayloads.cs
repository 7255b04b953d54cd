using System.Globalization;
using System.Text;
using NFX.Slim;

namespace NFX.Tests.Security.Support;

/// <summary>
/// Hostile Slim messages built from the documented format, one builder per kind of attack on the reader's resources,
/// shared by the in-process tests and the Glue survival tests (which send them as call arguments). Each builder
/// writes with the serializer it is given (its registry stamp), so the same attack can be aimed at any reader.
/// </summary>
internal static class HostilePayloads
{
    /// <summary>
    /// A <c>Dictionary&lt;string, int&gt;</c> whose culture-aware comparer names <paramref name="cultureName"/>: written
    /// honestly for en-US, then the five bytes of the name replaced (so <paramref name="cultureName"/> must have five
    /// ASCII characters, like "ab-CD"). A reader that passed the name to the runtime would create and cache a culture.
    /// </summary>
    public static byte[] CultureComparer(SlimSerializer slim, string cultureName) => ReplaceOnce(
        slim.Serialize(new Dictionary<string, int>(StringComparer.Create(CultureInfo.GetCultureInfo("en-US"), ignoreCase: false)) { ["a"] = 1 }),
        "en-US", cultureName);

    /// <summary>The same comparer as the argument <paramref name="wrap"/> makes of the dictionary (e.g. a Glue argument tuple).</summary>
    public static byte[] CultureComparer(SlimSerializer slim, string cultureName, Func<object, object> wrap) => ReplaceOnce(
        slim.Serialize(wrap(new Dictionary<string, int>(StringComparer.Create(CultureInfo.GetCultureInfo("en-US"), ignoreCase: false)) { ["a"] = 1 })),
        "en-US", cultureName);

    /// <summary>
    /// <paramref name="honest"/> serialized, with the integer ISerializable member <paramref name="member"/> (which
    /// holds <paramref name="honestValue"/>) set to <paramref name="declared"/>: a stored capacity that the type's
    /// constructor allocates before any element exists (StringBuilder "Capacity", Hashtable and Dictionary "HashSize").
    /// </summary>
    public static byte[] DeclaredCapacity(SlimSerializer slim, object honest, string member, int honestValue, int declared)
    {
        byte[] bytes = slim.Serialize(honest);
        int name = bytes.AsSpan().IndexOf(Encoding.ASCII.GetBytes(member));
        if (name < 0)
        {
            throw new InvalidOperationException($"The payload has no member '{member}'.");
        }
        byte[] old = ZigZagVarint(honestValue);
        int at = bytes.AsSpan(name + member.Length).IndexOf(old);
        if (at < 0)
        {
            throw new InvalidOperationException($"The value {honestValue} does not follow '{member}'.");
        }
        at += name + member.Length;
        byte[] edited = [.. bytes.AsSpan(0, at), .. ZigZagVarint(declared), .. bytes.AsSpan(at + old.Length)];
        return Wire.Reframe(edited);
    }

    private static byte[] ZigZagVarint(int value)
    {
        uint v = (uint)((value << 1) ^ (value >> 31));
        var bytes = new List<byte>();
        while (v >= 0x80)
        {
            bytes.Add((byte)(v | 0x80));
            v >>= 7;
        }
        bytes.Add((byte)v);
        return [.. bytes];
    }

    /// <summary>Replaces the only occurrence of the ASCII <paramref name="from"/> in <paramref name="bytes"/> with <paramref name="to"/> (same length).</summary>
    public static byte[] ReplaceOnce(byte[] bytes, string from, string to)
    {
        byte[] old = Encoding.ASCII.GetBytes(from);
        byte[] replacement = Encoding.ASCII.GetBytes(to);
        if (old.Length != replacement.Length)
        {
            throw new ArgumentException($"'{to}' must have as many bytes as '{from}'.", nameof(to));
        }
        int at = bytes.AsSpan().IndexOf(old);
        if (at < 0 || bytes.AsSpan(at + 1).IndexOf(old) >= 0)
        {
            throw new InvalidOperationException($"'{from}' does not occur exactly once in the payload.");
        }
        byte[] copy = (byte[])bytes.Clone();
        replacement.CopyTo(copy, at);
        return copy;
    }
}
