using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Numerics;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// The types every registry starts with, in a fixed order that is part of the wire format (version 1): their
/// handles are the numbers 0.. below. Changing this list changes the format and the registry checksum.
/// </summary>
internal static class BuiltInTypes
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
}
