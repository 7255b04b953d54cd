using System.Globalization;
using System.Text;
using Akka.Configuration;
using Akka.Configuration.Hocon;

namespace NFX.Slim.Akka;

/// <summary>
/// The text form of a HOCON <see cref="Config"/> in a message: written as its value with fallbacks folded in, every
/// key and string quoted (JSON's grammar, no whitespace), and read back only in that form, at most
/// <see cref="MaxChars"/> characters and <see cref="MaxDepth"/> levels, checked before Akka's parser sees the text.
/// Akka's parser is unsafe on anything else from another node (it recurses on nesting and dotted keys, resolves
/// substitutions without bound, follows includes, never ends on a NUL or inside an unclosed array), and the written
/// form needs none of that.
/// </summary>
internal static class HoconText
{
    /// <summary>The most characters of a Config's text (a Deploy's or a router's settings are a few lines).</summary>
    public const int MaxChars = 64 * 1024;

    /// <summary>The deepest nesting of objects and arrays.</summary>
    public const int MaxDepth = 64;

    /// <summary>The text of <paramref name="config"/>, fallbacks folded in, or a <see cref="FormatException"/> when it exceeds the bounds.</summary>
    public static string Write(Config config)
    {
        var layers = new List<HoconValue>();
        for (Config? c = config; c is not null; c = c.Fallback)
        {
            if (c.Root is { } root)
            {
                layers.Add(root);
            }
        }
        var text = new StringBuilder();
        WriteValue(text, layers, 0);
        return text.Length > MaxChars
            ? throw new FormatException($"A HOCON Config of {text.Length} characters is longer than the {MaxChars} a reader accepts.")
            : text.ToString();
    }

    private static void WriteValue(StringBuilder text, List<HoconValue> layers, int depth)
    {
        if (depth > MaxDepth)
        {
            throw new FormatException($"A HOCON Config nests deeper than the {MaxDepth} levels a reader accepts.");
        }
        if (text.Length > MaxChars)
        {
            return; // refused by the caller; stops a huge config early
        }
        HoconValue first = layers[0];
        if (first.IsObject())
        {
            // Keys of every layer, the first layer's value winning; objects below merge, anything else hides what is below.
            var keys = new List<string>();
            var seen = new HashSet<string>(StringComparer.Ordinal);
            int objects = 0;
            while (objects < layers.Count && layers[objects].IsObject())
            {
                foreach (string key in layers[objects].GetObject().Items.Keys)
                {
                    if (seen.Add(key))
                    {
                        keys.Add(key);
                    }
                }
                objects++;
            }
            text.Append('{');
            bool comma = false;
            foreach (string key in keys)
            {
                var below = new List<HoconValue>();
                for (int i = 0; i < objects; i++)
                {
                    if (layers[i].GetObject().Items.TryGetValue(key, out HoconValue? value) && value is not null)
                    {
                        below.Add(value);
                    }
                }
                if (comma)
                {
                    text.Append(',');
                }
                comma = true;
                Quote(text, key);
                text.Append(':');
                WriteValue(text, below, depth + 1);
            }
            text.Append('}');
        }
        else if (first.IsArray())
        {
            text.Append('[');
            bool comma = false;
            foreach (HoconValue element in first.GetArray())
            {
                if (comma)
                {
                    text.Append(',');
                }
                comma = true;
                WriteValue(text, [element], depth + 1);
            }
            text.Append(']');
        }
        else if (first.IsString() && first.GetString() is { } value)
        {
            Quote(text, value);
        }
        else
        {
            text.Append("null");
        }
    }

    private static void Quote(StringBuilder text, string value)
    {
        text.Append('"');
        foreach (char c in value)
        {
            switch (c)
            {
                case '"': text.Append("\\\""); break;
                case '\\': text.Append("\\\\"); break;
                case '\n': text.Append("\\n"); break;
                case '\r': text.Append("\\r"); break;
                case '\t': text.Append("\\t"); break;
                default:
                    if (c < ' ')
                    {
                        text.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                    }
                    else
                    {
                        text.Append(c);
                    }
                    break;
            }
        }
        text.Append('"');
    }

    /// <summary>
    /// Parses text from another node after checking the bounds; a <see cref="FormatException"/> names the one exceeded.
    /// </summary>
    public static Config Read(string text)
    {
        Check(text);
        return ConfigurationFactory.ParseString(text);
    }

    /// <summary>
    /// Checks that <paramref name="text"/> is in the form <see cref="Write"/> writes, in one pass without recursion; throws
    /// <see cref="FormatException"/>. Akka's HOCON parser is not safe on other input: it recurses on nesting and dotted
    /// keys, resolves substitutions without bound, follows includes, never ends on a NUL, and loops at the end of text
    /// inside an unclosed array. The written form has none of that: an object at the root; objects, arrays, quoted
    /// strings (JSON escapes) and null; no whitespace, comments or unquoted text.
    /// </summary>
    public static void Check(string text)
    {
        if (text.Length > MaxChars)
        {
            throw new FormatException($"A HOCON Config of {text.Length} characters is longer than the {MaxChars} this reader accepts.");
        }
        // What is open (true: an object), and what the text may hold next.
        Span<bool> open = stackalloc bool[MaxDepth + 1];
        int depth = 0, i = 0;
        Expect expect = Expect.Root;
        while (i < text.Length)
        {
            char c = text[i];
            switch (expect)
            {
                case Expect.Root when c == '{':
                case Expect.Value or Expect.ValueOrEnd when c is '{' or '[':
                    if (depth == MaxDepth)
                    {
                        throw Refused($"nesting deeper than {MaxDepth} levels");
                    }
                    open[depth++] = c == '{';
                    i++;
                    expect = c == '{' ? Expect.KeyOrEnd : Expect.ValueOrEnd;
                    continue;
                case Expect.KeyOrEnd or Expect.ValueOrEnd when c is '}' or ']':
                case Expect.NextOrEnd when c is '}' or ']':
                    if (open[depth - 1] != (c == '}'))
                    {
                        throw Refused($"'{c}' closing {(open[depth - 1] ? "an object" : "an array")}");
                    }
                    depth--;
                    i++;
                    expect = depth == 0 ? Expect.Nothing : Expect.NextOrEnd;
                    continue;
                case Expect.KeyOrEnd or Expect.Key when c == '"':
                    i = SkipString(text, i);
                    expect = Expect.Colon;
                    continue;
                case Expect.Colon when c == ':':
                    i++;
                    expect = Expect.Value;
                    continue;
                case Expect.Value or Expect.ValueOrEnd when c == '"':
                    i = SkipString(text, i);
                    expect = Expect.NextOrEnd;
                    continue;
                case Expect.Value or Expect.ValueOrEnd when string.CompareOrdinal(text, i, "null", 0, 4) == 0:
                    i += 4;
                    expect = Expect.NextOrEnd;
                    continue;
                case Expect.NextOrEnd when c == ',':
                    i++;
                    expect = open[depth - 1] ? Expect.Key : Expect.Value;
                    continue;
            }
            throw Refused(c < ' ' ? $"a control character (U+{(int)c:X4}) at {i}" : $"'{c}' at {i}, where the written form has none");
        }
        if (expect != Expect.Nothing)
        {
            throw Refused(depth == 0 ? "no object" : "an object or array left open");
        }
    }

    /// <summary>The index after the quoted string starting at <paramref name="start"/>: JSON escapes, no control characters.</summary>
    private static int SkipString(string text, int start)
    {
        for (int i = start + 1; i < text.Length; i++)
        {
            char c = text[i];
            if (c == '"')
            {
                return i + 1;
            }
            if (c < ' ')
            {
                throw Refused($"a control character (U+{(int)c:X4}) in a string; the writer escapes them");
            }
            if (c == '\\')
            {
                char escaped = i + 1 < text.Length ? text[++i] : '\0';
                if (escaped == 'u')
                {
                    if (i + 4 >= text.Length || !IsHex(text[i + 1]) || !IsHex(text[i + 2]) || !IsHex(text[i + 3]) || !IsHex(text[i + 4]))
                    {
                        throw Refused("a \\u escape without four hex digits");
                    }
                    i += 4;
                }
                else if (escaped is not ('"' or '\\' or '/' or 'b' or 'f' or 'n' or 'r' or 't'))
                {
                    throw Refused("an unknown escape");
                }
            }
        }
        throw Refused("an unterminated string");
    }

    private static bool IsHex(char c) => char.IsAsciiHexDigit(c);

    private enum Expect : byte
    {
        Root, KeyOrEnd, Key, Colon, Value, ValueOrEnd, NextOrEnd, Nothing,
    }

    private static FormatException Refused(string what) =>
        new($"A HOCON Config in the message holds {what}; a Config from another node is read only within the plugin's bounds " +
            $"(at most {MaxChars} characters and {MaxDepth} levels, in the quoted form the plugin writes: no substitutions, includes, " +
            "comments or unquoted text; docs/akka.md, \"Bounds\").");
}
