using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Numerics;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// The types every registry starts with, in a fixed order that is part of the wire format (version 1): their
/// handles are the numbers 0.. below. Changing this list changes the format and the registry checksum.
/// </summary>
/// <remarks>
/// The table itself is made at its first question that needs it (<see cref="Table"/>): making it loads 53 types and,
/// through them, System.Runtime.Numerics, System.Private.Uri, System.ObjectModel and System.Collections.Immutable,
/// which a serializer's constructor did in a fresh process's first call (~1.5 ms, with another ~2 ms describing the
/// types for the checksum, now <see cref="Checksum"/>). A type outside the runtime's namespaces is answered without it.
/// </remarks>
internal static class BuiltInTypes
{
    /// <summary>How many handles the built-in types take (0..52).</summary>
    public const int Count = 53;

    /// <summary>
    /// The registry checksum of the built-in types alone: <see cref="RegistryChecksum.Seed"/> with each type's
    /// <see cref="WireTypeInfo.EntryHashOf"/> folded in, in handle order. A constant, so that no serializer has to load and
    /// describe the table to start its checksum; BuiltInTypesTests computes it from <see cref="All"/>.
    /// </summary>
    public const ulong Checksum = 0x011F56F229182477UL;

    // Set by the table's static constructor: once made, IndexOf asks it without the namespace test.
    private static Dictionary<Type, int>? s_index;

    /// <summary>Every built-in type, in handle order (makes the table).</summary>
    public static Type[] All => Table.All;

    /// <summary>The built-in type of <paramref name="handle"/>, which the caller has checked is below <see cref="Count"/>.</summary>
    public static Type Get(int handle) => Table.All[handle];

    /// <summary>The handle of <paramref name="type"/> when it is built in, otherwise -1.</summary>
    public static int IndexOf(Type type)
    {
        Dictionary<Type, int>? index = s_index;
        if (index is null)
        {
            // Every built-in type (and array of one) is in a namespace of the runtime: the user's types are answered here.
            if (type.Namespace is not { } ns || !ns.StartsWith("System", StringComparison.Ordinal))
            {
                return -1;
            }
            index = Table.Index;
        }
        return index.TryGetValue(type, out int handle) ? handle : -1;
    }

    private static class Table
    {
        public static readonly Type[] All =
        [
            typeof(object), typeof(string), typeof(byte[]), typeof(object[]),                                // 0..3
            typeof(bool), typeof(byte), typeof(sbyte), typeof(char), typeof(short), typeof(ushort),         // 4..9
            typeof(int), typeof(uint), typeof(long), typeof(ulong), typeof(Int128), typeof(UInt128),        // 10..15
            typeof(Half), typeof(float), typeof(double), typeof(decimal), typeof(BigInteger),               // 16..20
            typeof(DateTime), typeof(DateTimeOffset), typeof(TimeSpan), typeof(DateOnly), typeof(TimeOnly), // 21..25
            typeof(Guid), typeof(string[]), typeof(int[]), typeof(long[]), typeof(double[]),                // 26..30
            typeof(List<>), typeof(Dictionary<,>), typeof(HashSet<>), typeof(KeyValuePair<,>),              // 31..34
            typeof(Nullable<>), typeof(Uri), typeof(Version), typeof(Type), typeof(Exception),              // 35..39
            typeof(Queue<>), typeof(Stack<>), typeof(LinkedList<>), typeof(SortedDictionary<,>),            // 40..43
            typeof(SortedList<,>), typeof(SortedSet<>), typeof(ConcurrentDictionary<,>),                   // 44..46
            typeof(ReadOnlyCollection<>), typeof(ObservableCollection<>), typeof(ImmutableArray<>),        // 47..49
            typeof(ImmutableList<>), typeof(ImmutableDictionary<,>), typeof(ImmutableHashSet<>),           // 50..52
        ];

        public static readonly Dictionary<Type, int> Index = MakeIndex();

        private static Dictionary<Type, int> MakeIndex()
        {
            var index = new Dictionary<Type, int>(All.Length);
            for (int i = 0; i < All.Length; i++)
            {
                index.Add(All[i], i);
            }
            s_index = index;
            return index;
        }
    }
}
