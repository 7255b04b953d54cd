namespace NFX.Slim.Orleans;

/// <summary>
/// One type name in the form Orleans' <c>RuntimeTypeNameFormatter</c> writes (<c>Ns.Outer`1+Inner[[Arg,ArgAsm]][],Asm</c>;
/// no assembly for the runtime's core library; an alias such as <c>int</c> or a registered alias instead of a name),
/// parsed under bounds before any of it reaches Orleans' type converter, whose parser and rewriter recurse once per
/// generic argument and array suffix and accept names no formatter writes.
/// </summary>
/// <remarks>
/// The grammar is the formatter's output only: a name (dotted, with <c>`n</c> arities and <c>+</c> nesting), generic
/// arguments when the arities call for them, array suffixes, and an assembly simple name. Pointers, by-refs, compound
/// aliases (Orleans' generated invokers, never a value this codec carries), whitespace around the assembly and
/// anything after the name are refused.
/// </remarks>
internal sealed class OrleansTypeName
{
    /// <summary>Generic arguments nested in generic arguments: far over any type a program sends.</summary>
    internal const int MaxDepth = 16;

    /// <summary>Named types and array suffixes in one name (Slim's own <c>MaxTypeNodes</c> default).</summary>
    internal const int MaxNodes = 256;

    /// <summary>Array suffixes on one type (<c>T[][]</c> counts two).</summary>
    internal const int MaxArraySuffixes = 8;

    /// <summary>Dimensions of one array: the runtime's own maximum.</summary>
    internal const int MaxRank = 32;

    /// <summary>Generic parameters one definition declares, counting its declaring types' (Orleans' own bound).</summary>
    internal const int MaxArity = 64;

    private OrleansTypeName(string name, int arity, OrleansTypeName[] arguments, int[] arrayRanks, string? assembly)
    {
        Name = name;
        Arity = arity;
        Arguments = arguments;
        ArrayRanks = arrayRanks;
        Assembly = assembly;
    }

    /// <summary>The definition's full name as reflection spells it (<c>Ns.Outer`1+Inner`2</c>), or an alias.</summary>
    public string Name { get; }

    /// <summary>The generic parameters the name declares (its own and its declaring types').</summary>
    public int Arity { get; }

    /// <summary>The generic arguments; empty for a non-generic name.</summary>
    public OrleansTypeName[] Arguments { get; }

    /// <summary>Array suffixes in order: 1 for <c>[]</c> (a vector), n for <c>[,...]</c> of n dimensions.</summary>
    public int[] ArrayRanks { get; }

    /// <summary>The assembly simple name, or null (the core library, or an alias).</summary>
    public string? Assembly { get; }

    /// <summary>Parses <paramref name="text"/>; throws <see cref="SlimFormatException"/> at <paramref name="offset"/> for anything else.</summary>
    public static OrleansTypeName Parse(string text, long offset)
    {
        var parser = new Parser(text, offset);
        OrleansTypeName name = parser.Spec(depth: 0);
        if (parser.Position != text.Length)
        {
            parser.Fail($"unexpected '{text[parser.Position]}' after the type name");
        }
        return name;
    }

    /// <summary>A recursive-descent reader of the formatter's grammar; its recursion is bounded by <see cref="MaxDepth"/>.</summary>
    private sealed class Parser(string text, long offset)
    {
        private int _nodes;

        public int Position { get; private set; }

        public OrleansTypeName Spec(int depth)
        {
            if (depth > MaxDepth)
            {
                Fail($"generic arguments nest deeper than {MaxDepth}");
            }
            if (Peek() == '(')
            {
                Fail("a compound alias (Orleans' generated types, which this codec never carries)");
            }
            (string name, int arity) = Name();
            OrleansTypeName[] arguments = [];
            if (arity > 0 && Peek() == '[' && Peek(1) == '[')
            {
                arguments = Arguments(arity, depth);
            }
            int[] ranks = ArraySuffixes();
            if (Peek() is '*' or '&')
            {
                Fail("a pointer or by-ref type");
            }
            string? assembly = null;
            if (Peek() == ',')
            {
                Position++;
                assembly = AssemblyName();
            }
            return new OrleansTypeName(name, arity, arguments, ranks, assembly);
        }

        /// <summary>Dotted segments joined by '+', each with an optional arity; the arities add up, as Orleans counts them.</summary>
        private (string Name, int Arity) Name()
        {
            int start = Position;
            int arity = 0;
            while (true)
            {
                int segment = Position;
                while (Position < text.Length && text[Position] is not ('[' or ']' or '*' or '&' or ',' or '`' or '+' or '(' or ')' or '"') && !char.IsControl(text[Position]))
                {
                    Position++;
                }
                if (Position == segment)
                {
                    Fail("an empty type name");
                }
                if (Peek() == '`')
                {
                    Position++;
                    int digits = Position;
                    int value = 0;
                    while (Position < text.Length && char.IsAsciiDigit(text[Position]) && Position - digits < 3)
                    {
                        value = value * 10 + (text[Position] - '0');
                        Position++;
                    }
                    if (Position == digits || value == 0)
                    {
                        Fail("a generic arity that is not a positive number");
                    }
                    arity += value;
                    if (arity > MaxArity)
                    {
                        Fail($"a generic arity over {MaxArity}");
                    }
                }
                if (Peek() != '+')
                {
                    break;
                }
                Position++;
            }
            Count();
            return (text[start..Position], arity);
        }

        /// <summary><c>[[A],[B]]</c>: exactly as many arguments as the arities declare.</summary>
        private OrleansTypeName[] Arguments(int arity, int depth)
        {
            Position++; // the outer '['
            var arguments = new OrleansTypeName[arity];
            for (int i = 0; i < arity; i++)
            {
                if (i > 0)
                {
                    Expect(',');
                }
                Expect('[');
                arguments[i] = Spec(depth + 1);
                Expect(']');
            }
            Expect(']');
            return arguments;
        }

        private int[] ArraySuffixes()
        {
            List<int>? ranks = null;
            while (Peek() == '[')
            {
                Position++;
                int rank = 1;
                while (Peek() == ',')
                {
                    Position++;
                    if (++rank > MaxRank)
                    {
                        Fail($"an array of more than {MaxRank} dimensions");
                    }
                }
                Expect(']');
                (ranks ??= []).Add(rank);
                if (ranks.Count > MaxArraySuffixes)
                {
                    Fail($"more than {MaxArraySuffixes} array suffixes");
                }
                Count();
            }
            return ranks?.ToArray() ?? [];
        }

        /// <summary>A simple name up to the end of its argument (']') or of the name; no versions, keys or spaces.</summary>
        private string AssemblyName()
        {
            int start = Position;
            while (Position < text.Length && text[Position] is not (']' or ',' or '(' or ')' or '[' or '"' or '=') && !char.IsWhiteSpace(text[Position]) && !char.IsControl(text[Position]))
            {
                Position++;
            }
            if (Position == start)
            {
                Fail("an empty or malformed assembly name");
            }
            return text[start..Position];
        }

        private void Count()
        {
            if (++_nodes > MaxNodes)
            {
                Fail($"more than {MaxNodes} named types and array suffixes");
            }
        }

        private char Peek(int ahead = 0) => Position + ahead < text.Length ? text[Position + ahead] : '\0';

        private void Expect(char c)
        {
            if (Peek() != c || Position >= text.Length)
            {
                Fail(Position >= text.Length ? $"the name ends where '{c}' was expected" : $"'{text[Position]}' where '{c}' was expected");
            }
            Position++;
        }

        public void Fail(string problem) => throw SlimErrors.MalformedName(text, problem, Position, offset);
    }
}
