using System.Collections.Immutable;

namespace NFX.ReadyToRun;

/// <summary>
/// One line of a start-up list, split: <c>Type[typeArgs]:Method[methodArgs](parameters)</c>, e.g.
/// <c>NFX.Slim.Codecs.ElementAccess`1[System.__Canon]:.ctor(NFX.Slim.CodeGen.ValueExpressions,System.String)</c>.
/// </summary>
internal sealed record ListedMethod(string Line, string TypeName, ImmutableArray<string> TypeArguments, string MethodName,
    ImmutableArray<string> MethodArguments, string Parameters)
{
    /// <summary>The lines of a list file that name methods: blank lines and lines starting with '#' are comments.</summary>
    public static IEnumerable<string> LinesOf(string text) =>
        text.Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0 && !l.StartsWith('#'));

    /// <summary>Splits <paramref name="line"/>, or returns null when it is not spelled like a JIT method name.</summary>
    public static ListedMethod? Parse(string line)
    {
        int colon = line.IndexOf(':');
        if (colon <= 0)
            return null;
        (string typeName, ImmutableArray<string> typeArguments) = SplitInstantiation(line[..colon]);
        string rest = line[(colon + 1)..];
        int open = rest.IndexOfAny(['[', '(']);
        if (open <= 0)
            return null;
        string methodName = rest[..open];
        ImmutableArray<string> methodArguments = [];
        if (rest[open] == '[')
        {
            int close = Matching(rest, open);
            if (close < 0)
                return null;
            methodArguments = JitNames.SplitTopLevel(rest[(open + 1)..close]);
            open = close + 1;
            if (open >= rest.Length || rest[open] != '(')
                return null;
        }
        int end = rest.LastIndexOf(')');
        if (end < open)
            return null;
        return new ListedMethod(line, typeName, typeArguments, methodName, methodArguments, rest[(open + 1)..end]);
    }

    /// <summary>"A`1+B[int]" into ("A`1+B", [int]); a name without a trailing instantiation stays whole.</summary>
    public static (string Name, ImmutableArray<string> Arguments) SplitInstantiation(string type)
    {
        if (!type.EndsWith(']'))
            return (type, []);
        int depth = 0;
        for (int i = type.Length - 1; i >= 0; i--)
        {
            if (type[i] == ']')
                depth++;
            else if (type[i] == '[' && --depth == 0)
            {
                string inner = type[(i + 1)..^1];
                // "T[]" and "T[,]" are arrays, not instantiations.
                return inner.All(c => c == ',') ? (type, []) : (type[..i], JitNames.SplitTopLevel(inner));
            }
        }
        return (type, []);
    }

    private static int Matching(string text, int open)
    {
        int depth = 0;
        for (int i = open; i < text.Length; i++)
        {
            if (text[i] == '[')
                depth++;
            else if (text[i] == ']' && --depth == 0)
                return i;
        }
        return -1;
    }
}
