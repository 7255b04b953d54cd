using System.Globalization;
using System.Text;
using Akka.Configuration;
using Akka.Configuration.Hocon;

namespace NFX.Slim.Akka;

/// <summary>
/// The text form of a HOCON <see cref="Config"/> in a message, and the bounds its reader checks before Akka's parser
/// sees it. Akka's parser recurses on nesting, dotted keys and substitutions and follows includes, so text from
/// another node is scanned first: at most <see cref="MaxChars"/> characters, nesting (brackets plus the parts of
/// dotted keys) at most <see cref="MaxDepth"/>, no substitution (<c>${...}</c>, <c>+=</c>), no <c>include</c> and no
/// control character but tab, line feed and carriage return (Akka's tokenizer takes a NUL for the end of the text and
/// stops advancing: the read never ends).
/// The writer never needs them: it writes the value with its fallbacks folded in, every key and string quoted.
/// </summary>
internal static class HoconText
{
    /// <summary>The most characters of a Config's text (a Deploy's or a router's settings are a few lines).</summary>
    public const int MaxChars = 64 * 1024;

    /// <summary>The deepest nesting of objects and arrays, counting each part of a dotted key as a level.</summary>
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

    /// <summary>Scans <paramref name="text"/> once, as HOCON's lexer would, without recursion; throws <see cref="FormatException"/>.</summary>
    public static void Check(string text)
    {
        if (text.Length > MaxChars)
        {
            throw new FormatException($"A HOCON Config of {text.Length} characters is longer than the {MaxChars} this reader accepts.");
        }
        Span<int> stack = stackalloc int[MaxDepth + 1];
        int open = 0, depth = 0, keyDots = 0;
        foreach (char c in text)
        {
            if (c < ' ' && c is not ('\t' or '\n' or '\r'))
            {
                throw Refused($"a control character (U+{(int)c:X4}); the writer escapes them");
            }
        }
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (c == '"')
            {
                if (i + 2 < text.Length && text[i + 1] == '"' && text[i + 2] == '"')
                {
                    int end = text.IndexOf("\"\"\"", i + 3, StringComparison.Ordinal);
                    i = end < 0 ? throw Refused("an unterminated \"\"\" string") : end + 2;
                    while (i + 1 < text.Length && text[i + 1] == '"')
                    {
                        i++; // a triple-quoted string ends at the last of its closing quotes
                    }
                    continue;
                }
                for (i++; i < text.Length && text[i] != '"'; i++)
                {
                    if (text[i] == '\\')
                    {
                        i++;
                    }
                }
                if (i >= text.Length)
                {
                    throw Refused("an unterminated string");
                }
                continue;
            }
            if (c == '#' || c == '/' && i + 1 < text.Length && text[i + 1] == '/')
            {
                int end = text.IndexOf('\n', i);
                i = end < 0 ? text.Length : end;
                keyDots = 0;
                continue;
            }
            switch (c)
            {
                case '$' when i + 1 < text.Length && text[i + 1] == '{':
                    throw Refused("a substitution (${...})");
                case '+' when i + 1 < text.Length && text[i + 1] == '=':
                    throw Refused("an append (+=), which is a substitution");
                case 'i' when IsWordAt(text, i, "include"):
                    throw Refused("an include");
                case '.':
                    if (depth + ++keyDots >= MaxDepth)
                    {
                        throw Refused($"nesting deeper than {MaxDepth} levels (dotted keys count a level per part)");
                    }
                    break;
                case '{' or '[':
                    if (open == MaxDepth || depth + keyDots + 1 > MaxDepth)
                    {
                        throw Refused($"nesting deeper than {MaxDepth} levels (dotted keys count a level per part)");
                    }
                    stack[open++] = depth;
                    depth += keyDots + 1;
                    keyDots = 0;
                    break;
                case '}' or ']':
                    depth = open == 0 ? 0 : stack[--open];
                    keyDots = 0;
                    break;
                case ',' or ':' or '=' or '\n' or ' ' or '\t' or '\r':
                    keyDots = 0;
                    break;
            }
        }
    }

    private static bool IsWordAt(string text, int i, string word) =>
        string.CompareOrdinal(text, i, word, 0, word.Length) == 0 &&
        (i == 0 || !char.IsLetterOrDigit(text[i - 1]) && text[i - 1] != '-' && text[i - 1] != '_' && text[i - 1] != '.') &&
        (i + word.Length == text.Length || !char.IsLetterOrDigit(text[i + word.Length]) && text[i + word.Length] != '-' && text[i + word.Length] != '_' && text[i + word.Length] != '.');

    private static FormatException Refused(string what) =>
        new($"A HOCON Config in the message holds {what}; a Config from another node is read only within the plugin's bounds " +
            $"(at most {MaxChars} characters and {MaxDepth} levels, no substitutions or includes; docs/akka.md, \"Bounds\").");
}
