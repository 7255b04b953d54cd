using System.Text;
using NFX.Glue.Protocol;
using NFX.IO;

namespace NFX.Tests.Fuzz;

/// <summary>
/// The tokens of the wire formats for afl's dictionaries (<c>-x</c>): afl splices them into inputs whole, so the fuzzer
/// builds type tables with shared entries, nested generic arguments, forged layouts and long varints far sooner than
/// from single-byte mutations. Written by the host's <c>dictionary</c> command in afl's format (one
/// <c>"\xNN..."</c> token a line).
/// </summary>
public static class FuzzDictionary
{
    // Types a hostile message builds its structures from: allowed generic definitions and tuples (shared entries,
    // nesting), values whose equality follows references (cycles through values), types with stored capacities,
    // cultures, and refused or deny-listed names (so the refusal paths are fuzzed too).
    private static readonly (string Name, string Assembly)[] s_types =
    [
        ("System.Collections.Generic.Dictionary`2", "System.Private.CoreLib"),
        ("System.Collections.Generic.KeyValuePair`2", "System.Private.CoreLib"),
        ("System.Collections.Generic.HashSet`1", "System.Private.CoreLib"),
        ("System.Collections.Generic.SortedSet`1", "System.Collections"),
        ("System.Collections.Generic.SortedDictionary`2", "System.Collections"),
        ("System.Collections.Immutable.ImmutableList`1", "System.Collections.Immutable"),
        ("System.Collections.Immutable.ImmutableHashSet`1", "System.Collections.Immutable"),
        ("System.Tuple`1", "System.Private.CoreLib"),
        ("System.Tuple`2", "System.Private.CoreLib"),
        ("System.ValueTuple", "System.Private.CoreLib"),
        ("System.ValueTuple`1", "System.Private.CoreLib"),
        ("System.ValueTuple`2", "System.Private.CoreLib"),
        ("System.Nullable`1", "System.Private.CoreLib"),
        ("System.Int128", "System.Private.CoreLib"),
        ("System.Exception", "System.Private.CoreLib"),
        ("System.AggregateException", "System.Private.CoreLib"),
        ("System.Text.StringBuilder", "System.Private.CoreLib"),
        ("System.Globalization.CompareInfo", "System.Private.CoreLib"),
        ("System.CultureAwareComparer", "System.Private.CoreLib"),
        ("System.Data.DataSet", "System.Data.Common"),
        ("NFX.Tests.Slim.Support.Node", "NFX.Slim.Tests"),
    ];

    /// <summary>Slim's tokens: the frame, handles, entry kinds, type names as the format writes them, long varints.</summary>
    public static IEnumerable<byte[]> SlimTokens()
    {
        yield return "SL\u0002\0"u8.ToArray();  // frame: magic, format version 2, flags
        yield return "SL\u0001\0"u8.ToArray();  // format version 1
        foreach (byte b in new byte[] { 0, 1, 2, 3, 0x10, 0x20, 0x21, 0x7F, 0x80 })
        {
            yield return [b];                    // handles, entry kinds and their layout flags
        }
        yield return [0xFF, 0xFF, 0xFF, 0xFF, 0x0F]; // uint.MaxValue
        yield return [0xFF, 0xFF, 0xFF, 0xFF, 0x07]; // int.MaxValue
        yield return [0x80, 0x80, 0x80, 0x80, 0x01]; // 2^28: a large length
        yield return [0x80, 0x80, 0x04];             // 65,536
        foreach ((string name, string assembly) in s_types)
        {
            yield return Encoded(name);
            yield return Encoded(assembly);
        }
        foreach (string culture in new[] { "en-US", "ab-CD", "", "de-DE" })
        {
            yield return Encoded(culture);
        }
    }

    /// <summary>Glue's tokens besides Slim's: every frame type byte, and the extreme 32-bit values of timeouts and credits.</summary>
    public static IEnumerable<byte[]> GlueTokens() =>
        SlimTokens()
            .Concat(Enum.GetValues<FrameType>().Select(type => new[] { (byte)type }))
            .Append(BitConverter.GetBytes(uint.MaxValue))
            .Append(BitConverter.GetBytes(uint.MaxValue - 1))
            .Append(BitConverter.GetBytes(int.MaxValue));

    /// <summary>A string as <see cref="SlimWriter.WriteString"/> writes it: LEB128(byte count + 1), then UTF-8.</summary>
    public static byte[] Encoded(string value)
    {
        using var writer = new SlimWriter();
        writer.WriteString(value);
        return writer.ToArray();
    }

    /// <summary>afl's dictionary format: one quoted token a line, every byte escaped.</summary>
    public static string Format(IEnumerable<byte[]> tokens)
    {
        var text = new StringBuilder();
        foreach (byte[] token in tokens.DistinctBy(Convert.ToHexString))
        {
            text.Append('"');
            foreach (byte b in token)
            {
                text.Append("\\x").Append(b.ToString("X2"));
            }
            text.Append("\"\n");
        }
        return text.ToString();
    }
}
