using System.Collections;
using System.Reflection;

namespace NFX.Tests.Slim.Support;

/// <summary>
/// Structural comparison of two object graphs that also checks their shape of identity: the mapping from objects of
/// the expected graph to objects of the actual graph must be one-to-one (shared stays shared, distinct stays
/// distinct, cycles stay cycles). Iterative (an explicit queue), so a million-node list does not overflow the stack.
/// Collections are compared by their contents; other objects field by field, private and inherited included.
/// </summary>
public static class GraphAssert
{
    private const BindingFlags InstanceFields = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

    /// <summary>Fails the test with the path of the first difference.</summary>
    public static void AreEquivalent(object? expected, object? actual, bool allowSharedImmutables = false)
    {
        string? difference = FindDifference(expected, actual, allowSharedImmutables);
        if (difference is not null)
        {
            Assert.Fail(difference);
        }
    }

    /// <summary>The first difference, or null when the graphs are equivalent.</summary>
    public static string? FindDifference(object? expected, object? actual, bool allowSharedImmutables = false)
    {
        var forward = new Dictionary<object, object>(ReferenceEqualityComparer.Instance);
        var backward = new Dictionary<object, object>(ReferenceEqualityComparer.Instance);
        var queue = new Queue<(object? Expected, object? Actual, string Path)>();
        queue.Enqueue((expected, actual, "root"));
        while (queue.TryDequeue(out var item))
        {
            (object? e, object? a, string path) = item;
            if (e is null || a is null)
            {
                if (e is not null || a is not null)
                {
                    return $"{path}: expected {Show(e)}, got {Show(a)}";
                }
                continue;
            }
            Type type = e.GetType();
            if (a.GetType() != type)
            {
                return $"{path}: expected type {type}, got {a.GetType()}";
            }
            if (type.IsValueType)
            {
                // A box met again by reference (a struct stored as object that holds its own box) is compared once;
                // boxes made for struct fields by reflection are fresh and never meet again.
                if (forward.TryGetValue(e, out object? seenBox))
                {
                    if (!ReferenceEquals(seenBox, a))
                    {
                        return $"{path}: identity lost (a box shared in the original is two boxes in the copy)";
                    }
                    continue;
                }
                forward[e] = a;
                string? valueDifference = CompareValue(e, a, path, queue);
                if (valueDifference is not null)
                {
                    return valueDifference;
                }
                continue;
            }
            // Identity: each expected object maps to exactly one actual object and back.
            if (forward.TryGetValue(e, out object? mapped))
            {
                if (!ReferenceEquals(mapped, a))
                {
                    return $"{path}: identity lost (an object shared in the original is two objects in the copy)";
                }
                continue;
            }
            if (backward.TryGetValue(a, out object? source) && !ReferenceEquals(source, e))
            {
                return $"{path}: identity invented (two objects of the original are one object in the copy)";
            }
            forward[e] = a;
            backward[a] = e;
            string? difference = CompareReference(e, a, type, path, queue);
            if (difference is not null)
            {
                return difference;
            }
        }
        return null;
    }

    private static string? CompareValue(object e, object a, string path, Queue<(object?, object?, string)> queue)
    {
        Type type = e.GetType();
        if (type.IsPrimitive || type.IsEnum || e is decimal or DateTime or DateTimeOffset or TimeSpan or Guid or DateOnly or TimeOnly
            or Int128 or UInt128 or System.Numerics.BigInteger)
        {
            if (!BitwiseEquals(e, a))
            {
                return $"{path}: expected {Show(e)}, got {Show(a)}";
            }
            if (e is DateTime de && de.Kind != ((DateTime)a).Kind)
            {
                return $"{path}: DateTime Kind {de.Kind} became {((DateTime)a).Kind}";
            }
            return null;
        }
        if (e is Half he)
        {
            return BitConverter.HalfToUInt16Bits(he) == BitConverter.HalfToUInt16Bits((Half)a) ? null : $"{path}: expected {e}, got {a}";
        }
        EnqueueFields(e, a, type, path, queue);
        return null;
    }

    private static bool BitwiseEquals(object e, object a) => e switch
    {
        double d => BitConverter.DoubleToInt64Bits(d) == BitConverter.DoubleToInt64Bits((double)a),
        float f => BitConverter.SingleToInt32Bits(f) == BitConverter.SingleToInt32Bits((float)a),
        decimal m => decimal.GetBits(m).SequenceEqual(decimal.GetBits((decimal)a)),
        _ => e.Equals(a),
    };

    private static string? CompareReference(object e, object a, Type type, string path, Queue<(object?, object?, string)> queue)
    {
        switch (e)
        {
            case string s:
                return s == (string)a ? null : $"{path}: expected \"{Trim(s)}\", got \"{Trim((string)a)}\"";
            case Type t:
                return t == (Type)a ? null : $"{path}: expected type value {t}, got {a}";
            case Uri or Version:
                return e.Equals(a) ? null : $"{path}: expected {e}, got {a}";
            case Array ea:
            {
                var aa = (Array)a;
                if (ea.Rank != aa.Rank || ea.Length != aa.Length)
                {
                    return $"{path}: array shape differs ({ea.Length} vs {aa.Length} elements)";
                }
                for (int d = 0; d < ea.Rank; d++)
                {
                    if (ea.GetLength(d) != aa.GetLength(d) || ea.GetLowerBound(d) != aa.GetLowerBound(d))
                    {
                        return $"{path}: array dimension {d} differs";
                    }
                }
                int i = 0;
                IEnumerator ae = aa.GetEnumerator();
                foreach (object? item in ea)
                {
                    ae.MoveNext();
                    queue.Enqueue((item, ae.Current, $"{path}[{i++}]"));
                }
                return null;
            }
            case Exception ex:
            {
                var ax = (Exception)a;
                if (ex.Message != ax.Message || ex.StackTrace != ax.StackTrace || ex.HResult != ax.HResult || ex.Source != ax.Source)
                {
                    return $"{path}: exception differs ('{ex.Message}' vs '{ax.Message}')";
                }
                queue.Enqueue((ex.InnerException, ax.InnerException, path + ".InnerException"));
                CompareEntries(ex.Data, ax.Data, path + ".Data", queue);
                for (Type? t = type; t is not null && t != typeof(Exception); t = t.BaseType)
                {
                    foreach (FieldInfo field in t.GetFields(InstanceFields))
                    {
                        queue.Enqueue((field.GetValue(e), field.GetValue(a), $"{path}.{field.Name}"));
                    }
                }
                return null;
            }
            case IDictionary ed when IsContentsCollection(type):
            {
                var ad = (IDictionary)a;
                if (ed.Count != ad.Count)
                {
                    return $"{path}: expected {ed.Count} entries, got {ad.Count}";
                }
                string? comparer = CompareComparers(e, a, path);
                return comparer ?? CompareEntries(ed, ad, path, queue);
            }
            case IEnumerable ee when IsContentsCollection(type):
            {
                object?[] expectedItems = ee.Cast<object?>().ToArray();
                object?[] actualItems = ((IEnumerable)a).Cast<object?>().ToArray();
                if (expectedItems.Length != actualItems.Length)
                {
                    return $"{path}: expected {expectedItems.Length} items, got {actualItems.Length}";
                }
                string? comparer = CompareComparers(e, a, path);
                if (comparer is not null)
                {
                    return comparer;
                }
                for (int i = 0; i < expectedItems.Length; i++)
                {
                    queue.Enqueue((expectedItems[i], actualItems[i], $"{path}[{i}]"));
                }
                return null;
            }
            default:
                EnqueueFields(e, a, type, path, queue);
                return null;
        }
    }

    private static string? CompareEntries(IDictionary ed, IDictionary ad, string path, Queue<(object?, object?, string)> queue)
    {
        if (ed.Count != ad.Count)
        {
            return $"{path}: expected {ed.Count} entries, got {ad.Count}";
        }
        DictionaryEntry[] expected = Entries(ed);
        DictionaryEntry[] actual = Entries(ad);
        // Value-like keys are paired by equality, with the copy's own key object (pairing the original key with itself
        // would make a string key shared elsewhere in the graph look like lost identity).
        Dictionary<object, DictionaryEntry> actualByKey = actual.Where(a => a.Key is string || a.Key.GetType().IsValueType)
            .ToDictionary(a => a.Key, a => a);
        for (int i = 0; i < expected.Length; i++)
        {
            object key = expected[i].Key;
            bool valueKey = key is string || key.GetType().IsValueType;
            DictionaryEntry match = valueKey && actualByKey.TryGetValue(key, out DictionaryEntry found) ? found : actual[i];
            queue.Enqueue((key, match.Key, $"{path}.key[{i}]"));
            queue.Enqueue((expected[i].Value, match.Value, $"{path}[{Show(key)}]"));
        }
        return null;
    }

    private static DictionaryEntry[] Entries(IDictionary dictionary)
    {
        var entries = new List<DictionaryEntry>();
        IDictionaryEnumerator enumerator = dictionary.GetEnumerator();
        while (enumerator.MoveNext())
        {
            entries.Add(enumerator.Entry);
        }
        return [.. entries];
    }

    private static string? CompareComparers(object e, object a, string path)
    {
        PropertyInfo? property = e.GetType().GetProperty("Comparer") ?? e.GetType().GetProperty("KeyComparer");
        if (property is null)
        {
            return null;
        }
        object? ec = property.GetValue(e);
        object? ac = property.GetValue(a);
        if (ec is null || ac is null || ReferenceEquals(ec, ac) || ec.GetType() == ac.GetType())
        {
            return null;
        }
        return $"{path}: comparer {ec.GetType().Name} became {ac.GetType().Name}";
    }

    private static bool IsContentsCollection(Type type) =>
        type.Namespace is { } ns && (ns.StartsWith("System.Collections", StringComparison.Ordinal));

    private static void EnqueueFields(object e, object a, Type type, string path, Queue<(object?, object?, string)> queue)
    {
        for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            foreach (FieldInfo field in t.GetFields(InstanceFields))
            {
                if (field.IsDefined(typeof(NonSerializedAttribute)) || typeof(Delegate).IsAssignableFrom(field.FieldType))
                {
                    continue;
                }
                queue.Enqueue((field.GetValue(e), field.GetValue(a), $"{path}.{field.Name}"));
            }
        }
    }

    private static string Show(object? value) => value switch
    {
        null => "null",
        string s => $"\"{Trim(s)}\"",
        _ => $"{value} ({value.GetType().Name})",
    };

    private static string Trim(string s) => s.Length > 40 ? s[..40] + "..." : s;
}
