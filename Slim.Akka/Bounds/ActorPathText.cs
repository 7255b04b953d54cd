using Akka.Actor;

namespace NFX.Slim.Akka;

/// <summary>
/// The bounds on an actor path or address read from another node, checked on its text before Akka parses it. Akka
/// builds a path as a chain of its elements and compares, hashes and prints it by walking that chain (comparison
/// recursively), so a path of thousands of elements in a sorted set overflows the stack; and a reference to a path
/// is kept by Akka's per-thread resolve caches by entries, not bytes, so long paths would pin memory.
/// </summary>
internal static class ActorPathText
{
    /// <summary>The most characters of an actor path's text, address and UID included.</summary>
    public const int MaxChars = 4096;

    /// <summary>The most elements of an actor path (<c>/user/a/b</c> has three); Akka's own paths have a handful.</summary>
    public const int MaxElements = 64;

    /// <summary>Parses a path from another node, or throws <see cref="FormatException"/> naming the bound it exceeds.</summary>
    public static ActorPath Parse(string? text)
    {
        Check(text, "actor path");
        return ActorPath.TryParse(text, out ActorPath? path) && path is not null
            ? path
            : throw new FormatException($"'{Shown(text)}' is not an actor path.");
    }

    /// <summary>Parses an address from another node within <see cref="MaxChars"/>.</summary>
    public static Address ParseAddress(string? text)
    {
        Check(text, "address");
        int slash = text.IndexOf('/', text.IndexOf("://", StringComparison.Ordinal) is var scheme and >= 0 ? scheme + 3 : 0);
        if (slash >= 0)
        {
            throw new FormatException($"'{Shown(text)}' is not an Akka address (it has a path).");
        }
        return Address.Parse(text);
    }

    private static void Check([System.Diagnostics.CodeAnalysis.NotNull] string? text, string what)
    {
        if (text is null)
        {
            throw new FormatException($"An {what} cannot be null.");
        }
        if (text.Length > MaxChars)
        {
            throw new FormatException($"An {what} of {text.Length} characters is longer than the {MaxChars} this reader accepts.");
        }
        int elements = 0;
        foreach (char c in text)
        {
            if (c == '/' && ++elements > MaxElements + 3) // the two slashes after the scheme and the one before the first element
            {
                throw new FormatException($"An {what} of more than {MaxElements} elements is deeper than this reader accepts.");
            }
        }
    }

    private static string Shown(string text) => text.Length <= 200 ? text : text[..200] + "...";
}
