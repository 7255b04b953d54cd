using System.Collections;
using System.Collections.Concurrent;
using System.Reflection;
using System.Runtime.InteropServices;

namespace NFX.Perf.Verification;

/// <summary>
/// Compares two object graphs field by field via reflection, including the sharing structure: the mapping from
/// expected objects to actual objects must be a bijection (shared stays shared, distinct stays distinct, cycles map
/// onto cycles). Walks with an explicit stack, so a million-node list does not overflow it.
/// </summary>
/// <remarks>
/// Strings and boxed values compare by value (their identity is not observable in a meaningful way). Collections
/// from System.Collections* compare as their enumerated sequence (dictionaries as ordered key/value pairs), not by
/// their private fields, because capacity and version counters legitimately differ after a round trip.
/// </remarks>
public static class GraphComparer
{
    private const BindingFlags InstanceFields = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

    private static readonly ConcurrentDictionary<Type, FieldInfo[]> s_fields = new();

    /// <summary>Compares <paramref name="expected"/> with <paramref name="actual"/>; see the type's remarks.</summary>
    public static GraphComparison Compare(object? expected, object? actual)
    {
        var forward = new Dictionary<object, object>(ReferenceEqualityComparer.Instance);
        var backward = new Dictionary<object, object>(ReferenceEqualityComparer.Instance);
        var pending = new Stack<(object? Expected, object? Actual, ComparisonPath Path)>();
        pending.Push((expected, actual, ComparisonPath.Root));
        int objects = 0;
        while (pending.TryPop(out var item))
        {
            string? difference = CompareOne(item.Expected, item.Actual, item.Path, forward, backward, pending, ref objects);
            if (difference is not null)
            {
                return new GraphComparison($"{item.Path}: {difference}", objects);
            }
        }
        return new GraphComparison(null, objects);
    }

    private static string? CompareOne(object? a, object? b, ComparisonPath path, Dictionary<object, object> forward,
        Dictionary<object, object> backward, Stack<(object?, object?, ComparisonPath)> pending, ref int objects)
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
        if (IsValueLike(type))
        {
            return ValuesEqual(a, b) ? null : $"expected {Describe(a)}, got {Describe(b)}";
        }
        if (!type.IsValueType)
        {
            if (forward.TryGetValue(a, out object? mapped))
            {
                return ReferenceEquals(mapped, b) ? null : "sharing differs: the expected object was seen before, but this copy is a different object";
            }
            if (backward.ContainsKey(b))
            {
                return "sharing differs: this copy is already the copy of another expected object";
            }
            forward.Add(a, b);
            backward.Add(b, a);
            objects++;
        }
        if (a is Array arrayA)
        {
            return CompareArrays(arrayA, (Array)b, path, pending);
        }
        if (a is IDictionary dictionaryA && IsFrameworkCollection(type))
        {
            return CompareDictionaries(dictionaryA, (IDictionary)b, path, pending);
        }
        if (a is IEnumerable enumerableA && IsFrameworkCollection(type))
        {
            return CompareSequences(enumerableA, (IEnumerable)b, path, pending);
        }
        FieldInfo[] fields = FieldsOf(type);
        for (int i = fields.Length - 1; i >= 0; i--)
        {
            FieldInfo field = fields[i];
            pending.Push((field.GetValue(a), field.GetValue(b), path.Member(field.Name)));
        }
        return null;
    }

    private static string? CompareArrays(Array a, Array b, ComparisonPath path, Stack<(object?, object?, ComparisonPath)> pending)
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
        Type element = a.GetType().GetElementType()!;
        if (element.IsPrimitive)
        {
            return ComparePrimitiveArrays(a, b);
        }
        if (a.Rank == 1 && a.GetLowerBound(0) == 0)
        {
            for (int i = a.Length - 1; i >= 0; i--)
            {
                pending.Push((a.GetValue(i), b.GetValue(i), path.Index(i)));
            }
            return null;
        }
        // Multi-dimensional or non-zero-based: compare in storage order.
        var itemsA = new List<object?>(a.Length);
        var itemsB = new List<object?>(b.Length);
        foreach (object? x in a)
        {
            itemsA.Add(x);
        }
        foreach (object? y in b)
        {
            itemsB.Add(y);
        }
        for (int i = itemsA.Count - 1; i >= 0; i--)
        {
            pending.Push((itemsA[i], itemsB[i], path.Index(i)));
        }
        return null;
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

    private static string? CompareDictionaries(IDictionary a, IDictionary b, ComparisonPath path, Stack<(object?, object?, ComparisonPath)> pending)
    {
        if (a.Count != b.Count)
        {
            return $"expected {a.Count} entries, got {b.Count}";
        }
        var entries = new List<(object?, object?, ComparisonPath)>(a.Count * 2);
        IDictionaryEnumerator ea = a.GetEnumerator();
        IDictionaryEnumerator eb = b.GetEnumerator();
        for (int i = 0; ea.MoveNext() && eb.MoveNext(); i++)
        {
            entries.Add((ea.Key, eb.Key, path.DictionaryEntry(i, key: true)));
            entries.Add((ea.Value, eb.Value, path.DictionaryEntry(i, key: false)));
        }
        PushReversed(entries, pending);
        return null;
    }

    private static string? CompareSequences(IEnumerable a, IEnumerable b, ComparisonPath path, Stack<(object?, object?, ComparisonPath)> pending)
    {
        var itemsA = a.Cast<object?>().ToList();
        var itemsB = b.Cast<object?>().ToList();
        if (itemsA.Count != itemsB.Count)
        {
            return $"expected {itemsA.Count} items, got {itemsB.Count}";
        }
        var pairs = new List<(object?, object?, ComparisonPath)>(itemsA.Count);
        for (int i = 0; i < itemsA.Count; i++)
        {
            pairs.Add((itemsA[i], itemsB[i], path.Index(i)));
        }
        PushReversed(pairs, pending);
        return null;
    }

    private static void PushReversed(List<(object?, object?, ComparisonPath)> items, Stack<(object?, object?, ComparisonPath)> pending)
    {
        for (int i = items.Count - 1; i >= 0; i--)
        {
            pending.Push(items[i]);
        }
    }

    private static bool IsValueLike(Type type) =>
        type.IsPrimitive || type.IsEnum || type == typeof(string) || type == typeof(decimal) || type == typeof(DateTime) ||
        type == typeof(DateTimeOffset) || type == typeof(TimeSpan) || type == typeof(Guid) || type == typeof(DateOnly) ||
        type == typeof(TimeOnly) || typeof(Type).IsAssignableFrom(type);

    private static bool ValuesEqual(object a, object b) => (a, b) switch
    {
        // DateTime.Equals ignores Kind; a serializer that drops it loses data.
        (DateTime x, DateTime y) => x.Ticks == y.Ticks && x.Kind == y.Kind,
        (DateTimeOffset x, DateTimeOffset y) => x.Ticks == y.Ticks && x.Offset == y.Offset,
        (double x, double y) => BitConverter.DoubleToInt64Bits(x) == BitConverter.DoubleToInt64Bits(y),
        (float x, float y) => BitConverter.SingleToInt32Bits(x) == BitConverter.SingleToInt32Bits(y),
        // decimal.Equals ignores scale (1.0 == 1.00); the scale is data too.
        (decimal x, decimal y) => decimal.GetBits(x).AsSpan().SequenceEqual(decimal.GetBits(y)),
        _ => a.Equals(b),
    };

    private static bool IsFrameworkCollection(Type type) =>
        type.Namespace is { } ns && (ns == "System.Collections" || ns.StartsWith("System.Collections.", StringComparison.Ordinal));

    private static FieldInfo[] FieldsOf(Type type) => s_fields.GetOrAdd(type, static t =>
    {
        var fields = new List<FieldInfo>();
        var chain = new Stack<Type>();
        for (Type? c = t; c is not null && c != typeof(object) && c != typeof(ValueType); c = c.BaseType)
        {
            chain.Push(c);
        }
        foreach (Type c in chain)
        {
            foreach (FieldInfo field in c.GetFields(InstanceFields))
            {
                if (!field.IsNotSerialized)
                {
                    fields.Add(field);
                }
            }
        }
        return [.. fields];
    });

    private static string Describe(object? value) => value switch
    {
        null => "null",
        string s => s.Length > 40 ? $"\"{s[..40]}...\" ({s.Length} chars)" : $"\"{s}\"",
        DateTime d => $"{d:O} ({d.Kind})",
        IFormattable f => $"{f.ToString(null, System.Globalization.CultureInfo.InvariantCulture)} ({value.GetType().Name})",
        _ => "a " + value.GetType().Name,
    };
}
