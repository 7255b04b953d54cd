using NFX.IO;
using NFX.Slim;
using NFX.Tests.Security.Support;
using static NFX.Tests.Security.Support.Wire;

namespace NFX.Tests.Security.Adversarial;

/// <summary>
/// Generates type tables from the grammar of type entries: leaves of every verdict (allowed, refused by the policy,
/// deny-listed, unknown, a refused class with callbacks), generic entries over them (classes, structs, nullables),
/// arrays, and shared entries (a node written once and named by its handle wherever it appears again), both as random
/// trees and as chains <c>Dk = G&lt;Dk-1, ..., Dk-1&gt;</c> whose expansion doubles (or triples) per level.
/// </summary>
public static class TypeTableGrammar
{
    private const string CoreLib = "System.Private.CoreLib";

    public static TypeNode Int(Random random) => new BuiltIn(TInt, true, w => w.WriteInt32(random.Next(-1000, 1000)));

    public static TypeNode Leaf(Random random) => random.Next(10) switch
    {
        0 or 1 => Int(random),
        2 => new BuiltIn(TLong, true, w => w.WriteInt64(random.NextInt64())),
        3 => new BuiltIn(TString, false, _ => { }),
        4 => new BuiltIn(TObject, false, _ => { }),
        5 => new Named("System.ValueTuple", CoreLib, Value: true),
        6 => new Named("System.Text.StringBuilder", CoreLib, Value: false),
        7 => new Named("System.Threading.Thread", CoreLib, Value: false),
        8 => new Named("No.Such.Type", CoreLib, Value: false, Known: false),
        _ => new Named(typeof(CallbackRecorder).FullName!, "NFX.Slim.Tests", Value: false, Loaded: typeof(CallbackRecorder)),
    };

    /// <summary>A random composite: which definitions exist, with their arity and kind.</summary>
    private static readonly (uint? Handle, string? Name, int Arity, GenericKind Kind)[] s_definitions =
    [
        (TList, null, 1, GenericKind.Class), (TDictionary, null, 2, GenericKind.Class), (THashSet, null, 1, GenericKind.Class),
        (TKeyValuePair, null, 2, GenericKind.Struct), (TNullable, null, 1, GenericKind.Nullable),
        (null, "System.ValueTuple`2", 2, GenericKind.Struct), (null, "System.ValueTuple`3", 3, GenericKind.Struct),
        (null, "System.Tuple`2", 2, GenericKind.Class),
    ];

    private static Generic Composite(int index, TypeNode[] arguments)
    {
        (uint? handle, string? name, _, GenericKind kind) = s_definitions[index];
        return new Generic(handle, name is null ? null : new Named(name, CoreLib, Value: false), arguments, kind);
    }

    /// <summary>A random type of at most <paramref name="depth"/> levels whose parts are often shared (<paramref name="pool"/>).</summary>
    public static TypeNode Tree(Random random, int depth, List<TypeNode> pool)
    {
        if (pool.Count > 0 && random.Next(3) == 0)
        {
            return pool[random.Next(pool.Count)];
        }
        if (depth <= 0 || random.Next(4) == 0)
        {
            return Leaf(random);
        }
        TypeNode node;
        if (random.Next(8) == 0)
        {
            node = new ArrayOf(Tree(random, depth - 1, pool), (byte)random.Next(3));
        }
        else
        {
            int index = random.Next(s_definitions.Length);
            node = Composite(index, [.. Enumerable.Range(0, s_definitions[index].Arity).Select(_ => Tree(random, depth - 1, pool))]);
        }
        pool.Add(node);
        return node;
    }

    /// <summary><c>D0 = leaf</c>, <c>Dk = def&lt;Dk-1, ...&gt;</c>: one node per level, each used arity times by the next.</summary>
    public static TypeNode Chain(int definition, int levels, TypeNode leaf)
    {
        TypeNode node = leaf;
        for (int i = 0; i < levels; i++)
        {
            TypeNode inner = node;
            node = Composite(definition, [.. Enumerable.Repeat(inner, s_definitions[definition].Arity)]);
        }
        return node;
    }

    /// <summary>The definitions <see cref="Chain"/> can use, by index, with a name for test cases.</summary>
    public static IEnumerable<(int Index, string Name)> ChainDefinitions() =>
        [(1, "Dictionary"), (3, "KeyValuePair"), (5, "ValueTuple2"), (6, "ValueTuple3"), (7, "Tuple2")];

    /// <summary>
    /// A message whose root is a <c>List&lt;node&gt;</c> with no elements (the list's codec builds the node's element
    /// access), or, when the node is a struct whose value can be written, the boxed node itself.
    /// </summary>
    public static byte[] Message(SlimSerializer slim, TypeNode node, bool boxed, string token)
    {
        node.Reset();
        return Wire.Message(slim, w =>
        {
            var table = new TypeTable(w);
            w.WriteVarUInt32(NewWithType);
            if (boxed && node.IsValueType && node.Size <= 4096 && node.CanWriteValue)
            {
                node.Write(table);
                node.WriteValue(w, token);
                return;
            }
            table.Generic(TList, () => node.Write(table));
            w.WriteVarUInt32(0);
        });
    }
}
