using System.Collections;
using System.Collections.Concurrent;
using System.Numerics;
using System.Reflection;
using System.Runtime.InteropServices;

namespace NFX.Perf.Verification;

/// <summary>
/// The one structural comparer of two object graphs (the Perf verifier and the test suites both use it): field by
/// field via reflection, including the sharing structure: the mapping from expected objects to actual objects must be
/// a bijection (shared stays shared, distinct stays distinct, cycles map onto cycles). Walks with an explicit stack,
/// so a million-node list does not overflow it.
/// </summary>
/// <remarks>
/// <para>Collections from System.Collections* compare as their enumerated contents (dictionaries as key/value pairs,
/// value-like keys paired by equality) and, when exact, by the type of their comparer, not by their private fields, because
/// capacity and version counters legitimately differ after a round trip. Exceptions compare by message, stack
/// trace, HResult, source, data, inner exception and the fields their own types add.</para>
/// <para>Whether strings and boxed values have an identity worth checking, and a collection's comparer its type, is the
/// caller's choice (<see cref="GraphFidelity"/>): Slim keeps them, most peers do not.</para>
/// </remarks>
public static class GraphComparer
{
    private const BindingFlags InstanceFields = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

    // A memo of reflection results, shared because it only ever caches what reflection would answer again.
    private static readonly ConcurrentDictionary<Type, FieldInfo[]> s_fields = new();

    /// <summary>Compares <paramref name="expected"/> with <paramref name="actual"/>; see the type's remarks.</summary>
    public static GraphComparison Compare(object? expected, object? actual, GraphFidelity fidelity = GraphFidelity.Contents)
    {
        var walk = new Walk(fidelity == GraphFidelity.Exact);
        walk.Pending.Push((expected, actual, ComparisonPath.Root));
        while (walk.Pending.TryPop(out var item))
        {
            string? difference = walk.CompareOne(item.Expected, item.Actual, item.Path);
            if (difference is not null)
            {
                return new GraphComparison($"{item.Path}: {difference}", walk.Objects);
            }
        }
        return new GraphComparison(null, walk.Objects);
    }

    private sealed class Walk(bool exact)
    {
        private readonly Dictionary<object, object> _forward = new(ReferenceEqualityComparer.Instance);
        private readonly Dictionary<object, object> _backward = new(ReferenceEqualityComparer.Instance);

        public Stack<(object? Expected, object? Actual, ComparisonPath Path)> Pending { get; } = new();

        public int Objects { get; private set; }

        public string? CompareOne(object? a, object? b, ComparisonPath path)
        {
            if (a is null || b is null)
            {
                return a is null && b is null ? null : $"expected {Describe(a)}, got {Describe(b)}";
            }
            Type type = a.GetType();
            if (type != b.GetType())
            {
                return $"expected type {type}, got {b.GetType()}";
            }
            bool valueLike = IsValueLike(type);
            if (!type.IsValueType && (exact || !valueLike))
            {
                if (_forward.TryGetValue(a, out object? mapped))
                {
                    return ReferenceEquals(mapped, b) ? null : "sharing differs: the expected object was seen before, but this copy is a different object";
                }
                if (_backward.ContainsKey(b))
                {
                    return "sharing differs: this copy is already the copy of another expected object";
                }
                _forward.Add(a, b);
                _backward.Add(b, a);
                Objects += valueLike ? 0 : 1;
            }
            else if (type.IsValueType && exact)
            {
                // A box met again by reference (held in object fields) must stay one box; the boxes reflection makes
                // for struct-typed fields are fresh and never meet again.
                if (_forward.TryGetValue(a, out object? box))
                {
                    return ReferenceEquals(box, b) ? null : "sharing differs: a box shared in the expected graph is two boxes in the copy";
                }
                _forward.Add(a, b);
            }
            if (valueLike)
            {
                return ValuesEqual(a, b) ? null : $"expected {Describe(a)}, got {Describe(b)}";
            }
            switch (a)
            {
                case Array arrayA:
                    return CompareArrays(arrayA, (Array)b, path);
                case Exception exceptionA:
                    return CompareExceptions(exceptionA, (Exception)b, path);
                case IEnumerable when !IsFrameworkCollection(type) && HashedOrSortedBase(type) is { } collectionBase:
                    // A class deriving from a hashed or sorted collection: its entries (the base's buckets hold hash
                    // codes of one process) and the fields it adds.
                    for (Type? t = type; t is not null && t != collectionBase; t = t.BaseType)
                    {
                        PushFields(a, b, FieldsDeclaredBy(t), path);
                    }
                    return (exact ? CompareComparers(a, b) : null) ??
                           (a is IDictionary entries ? CompareDictionaries(entries, (IDictionary)b, path) : CompareSequences((IEnumerable)a, (IEnumerable)b, path));
                case IDictionary dictionaryA when IsFrameworkCollection(type):
                    return (exact ? CompareComparers(a, b) : null) ?? CompareDictionaries(dictionaryA, (IDictionary)b, path);
                case IEnumerable enumerableA when IsFrameworkCollection(type):
                    return (exact ? CompareComparers(a, b) : null) ?? CompareSequences(enumerableA, (IEnumerable)b, path);
            }
            PushFields(a, b, FieldsOf(type), path);
            return null;
        }

        private void PushFields(object a, object b, FieldInfo[] fields, ComparisonPath path)
        {
            for (int i = fields.Length - 1; i >= 0; i--)
            {
                FieldInfo field = fields[i];
                Pending.Push((field.GetValue(a), field.GetValue(b), path.Member(field.Name)));
            }
        }

        private string? CompareArrays(Array a, Array b, ComparisonPath path)
        {
            if (a.Rank != b.Rank)
            {
                return $"expected rank {a.Rank}, got {b.Rank}";
            }
            for (int d = 0; d < a.Rank; d++)
            {
                if (a.GetLength(d) != b.GetLength(d) || a.GetLowerBound(d) != b.GetLowerBound(d))
                {
                    return $"expected length {a.GetLength(d)} in dimension {d}, got {b.GetLength(d)}";
                }
            }
            if (a.GetType().GetElementType()!.IsPrimitive)
            {
                return ComparePrimitiveArrays(a, b);
            }
            if (a.Rank == 1 && a.GetLowerBound(0) == 0)
            {
                for (int i = a.Length - 1; i >= 0; i--)
                {
                    Pending.Push((a.GetValue(i), b.GetValue(i), path.Index(i)));
                }
                return null;
            }
            // Multi-dimensional or non-zero-based: compare in storage order.
            PushPairs(a.Cast<object?>().ToList(), b.Cast<object?>().ToList(), path);
            return null;
        }

        private string? CompareExceptions(Exception a, Exception b, ComparisonPath path)
        {
            // The base class's private fields hold caches (stack trace strings, Watson buckets) that legitimately differ;
            // what it exposes is what a receiver can observe.
            if (a.Message != b.Message || a.StackTrace != b.StackTrace || a.HResult != b.HResult || a.Source != b.Source)
            {
                return $"exception differs ('{a.Message}' vs '{b.Message}')";
            }
            for (Type? t = a.GetType(); t is not null && t != typeof(Exception); t = t.BaseType)
            {
                PushFields(a, b, FieldsDeclaredBy(t), path);
            }
            Pending.Push((a.Data, b.Data, path.Member(nameof(Exception.Data))));
            Pending.Push((a.InnerException, b.InnerException, path.Member(nameof(Exception.InnerException))));
            return null;
        }

        private string? CompareDictionaries(IDictionary a, IDictionary b, ComparisonPath path)
        {
            if (a.Count != b.Count)
            {
                return $"expected {a.Count} entries, got {b.Count}";
            }
            DictionaryEntry[] expected = Entries(a);
            DictionaryEntry[] actual = Entries(b);
            // Value-like keys pair by equality, with the copy's own key object (pairing the expected key with itself
            // would make a string key shared elsewhere in the graph look like lost identity); others pair by position.
            Dictionary<object, DictionaryEntry> actualByKey = actual.Where(e => IsValueLike(e.Key.GetType())).ToDictionary(e => e.Key, e => e);
            for (int i = expected.Length - 1; i >= 0; i--)
            {
                object key = expected[i].Key;
                DictionaryEntry match = IsValueLike(key.GetType()) && actualByKey.TryGetValue(key, out DictionaryEntry found) ? found : actual[i];
                Pending.Push((expected[i].Value, match.Value, path.DictionaryEntry(i, key: false)));
                Pending.Push((key, match.Key, path.DictionaryEntry(i, key: true)));
            }
            return null;
        }

        private string? CompareSequences(IEnumerable a, IEnumerable b, ComparisonPath path)
        {
            List<object?> itemsA = a.Cast<object?>().ToList();
            List<object?> itemsB = b.Cast<object?>().ToList();
            if (itemsA.Count != itemsB.Count)
            {
                return $"expected {itemsA.Count} items, got {itemsB.Count}";
            }
            PushPairs(itemsA, itemsB, path);
            return null;
        }

        private void PushPairs(List<object?> itemsA, List<object?> itemsB, ComparisonPath path)
        {
            for (int i = itemsA.Count - 1; i >= 0; i--)
            {
                Pending.Push((itemsA[i], itemsB[i], path.Index(i)));
            }
        }
    }

    private static string? ComparePrimitiveArrays(Array a, Array b)
    {
        // Bitwise, so NaN payloads and -0.0 count as data.
        ReadOnlySpan<byte> bytesA = MemoryMarshal.CreateReadOnlySpan(ref MemoryMarshal.GetArrayDataReference(a), checked(a.Length * ElementSize(a)));
        ReadOnlySpan<byte> bytesB = MemoryMarshal.CreateReadOnlySpan(ref MemoryMarshal.GetArrayDataReference(b), checked(b.Length * ElementSize(b)));
        int at = bytesA.CommonPrefixLength(bytesB);
        if (at == bytesA.Length)
        {
            return null;
        }
        int index = at / ElementSize(a);
        return $"element [{index}] expected {Describe(a.GetValue(index))}, got {Describe(b.GetValue(index))}";
    }

    private static int ElementSize(Array array) => Type.GetTypeCode(array.GetType().GetElementType()) switch
    {
        TypeCode.Boolean or TypeCode.Byte or TypeCode.SByte => 1,
        TypeCode.Char or TypeCode.Int16 or TypeCode.UInt16 => 2,
        TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Single => 4,
        TypeCode.Int64 or TypeCode.UInt64 or TypeCode.Double => 8,
        _ => IntPtr.Size,
    };

    private static DictionaryEntry[] Entries(IDictionary dictionary)
    {
        var entries = new List<DictionaryEntry>(dictionary.Count);
        IDictionaryEnumerator enumerator = dictionary.GetEnumerator();
        while (enumerator.MoveNext())
        {
            entries.Add(enumerator.Entry);
        }
        return [.. entries];
    }

    private static string? CompareComparers(object a, object b)
    {
        PropertyInfo? property = a.GetType().GetProperty("Comparer") ?? a.GetType().GetProperty("KeyComparer");
        object? comparerA = property?.GetValue(a);
        object? comparerB = property?.GetValue(b);
        if (comparerA is null || comparerB is null || comparerA.GetType() == comparerB.GetType())
        {
            return null;
        }
        return $"comparer {comparerA.GetType().Name} became {comparerB.GetType().Name}";
    }

    private static bool IsValueLike(Type type) =>
        type.IsPrimitive || type.IsEnum || type == typeof(string) || type == typeof(decimal) || type == typeof(DateTime) ||
        type == typeof(DateTimeOffset) || type == typeof(TimeSpan) || type == typeof(Guid) || type == typeof(DateOnly) ||
        type == typeof(TimeOnly) || type == typeof(Half) || type == typeof(Int128) || type == typeof(UInt128) ||
        type == typeof(BigInteger) || type == typeof(Uri) || type == typeof(Version) || typeof(Type).IsAssignableFrom(type) ||
        type == typeof(System.Globalization.CultureInfo);

    private static bool ValuesEqual(object a, object b) => (a, b) switch
    {
        // DateTime.Equals ignores Kind; a serializer that drops it loses data.
        (DateTime x, DateTime y) => x.Ticks == y.Ticks && x.Kind == y.Kind,
        (DateTimeOffset x, DateTimeOffset y) => x.Ticks == y.Ticks && x.Offset == y.Offset,
        (double x, double y) => BitConverter.DoubleToInt64Bits(x) == BitConverter.DoubleToInt64Bits(y),
        (float x, float y) => BitConverter.SingleToInt32Bits(x) == BitConverter.SingleToInt32Bits(y),
        (Half x, Half y) => BitConverter.HalfToUInt16Bits(x) == BitConverter.HalfToUInt16Bits(y),
        // decimal.Equals ignores scale (1.0 == 1.00); the scale is data too.
        (decimal x, decimal y) => decimal.GetBits(x).AsSpan().SequenceEqual(decimal.GetBits(y)),
        _ => a.Equals(b),
    };

    private static readonly HashSet<Type> s_hashedOrSorted =
    [
        typeof(Dictionary<,>), typeof(HashSet<>), typeof(SortedDictionary<,>), typeof(SortedSet<>), typeof(SortedList<,>),
        typeof(System.Collections.Concurrent.ConcurrentDictionary<,>),
    ];

    /// <summary>The hashed or sorted BCL collection <paramref name="type"/> derives from, or null.</summary>
    private static Type? HashedOrSortedBase(Type type)
    {
        for (Type? t = type.BaseType; t is not null; t = t.BaseType)
        {
            if (t.IsConstructedGenericType && s_hashedOrSorted.Contains(t.GetGenericTypeDefinition()))
            {
                return t;
            }
        }
        return null;
    }

    private static bool IsFrameworkCollection(Type type) =>
        type.Namespace is { } ns && (ns == "System.Collections" || ns.StartsWith("System.Collections.", StringComparison.Ordinal));

    /// <summary>Every serializable instance field, base class first; delegates are behaviour, not data.</summary>
    private static FieldInfo[] FieldsOf(Type type) => s_fields.GetOrAdd(type, static t =>
    {
        var chain = new Stack<Type>();
        for (Type? c = t; c is not null && c != typeof(object) && c != typeof(ValueType); c = c.BaseType)
        {
            chain.Push(c);
        }
        return [.. chain.SelectMany(FieldsDeclaredBy)];
    });

    private static FieldInfo[] FieldsDeclaredBy(Type type) =>
        [.. type.GetFields(InstanceFields).Where(f => !f.IsNotSerialized && !typeof(Delegate).IsAssignableFrom(f.FieldType))];

    private static string Describe(object? value) => value switch
    {
        null => "null",
        string s => s.Length > 40 ? $"\"{s[..40]}...\" ({s.Length} chars)" : $"\"{s}\"",
        DateTime d => $"{d:O} ({d.Kind})",
        IFormattable f => $"{f.ToString(null, System.Globalization.CultureInfo.InvariantCulture)} ({value.GetType().Name})",
        _ => "a " + value.GetType().Name,
    };
}
