using System.Collections;
using System.Reflection;

namespace NFX.Slim;

/// <summary>
/// Finds a readable path (<c>Order.Customer</c>, <c>Order.Lines[3]</c>, <c>Dictionary&lt;string, Order&gt;["a"].Note</c>)
/// from the root to an object, for error messages only: a breadth-first walk over fields and collection items, with
/// reflection, bounded in the number of objects so an error in a huge graph still reports promptly. The private fields
/// of framework types are walked but never named: the path stops at the framework object and says what it holds.
/// </summary>
internal static class GraphPath
{
    private const int MaxVisited = 1_000_000;
    private const BindingFlags Fields = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;

    /// <summary>The path to <paramref name="target"/> (an object of the graph), or the root's name and "..." if not found.</summary>
    public static string Find(object root, object? target) =>
        target is null ? Readable(root.GetType()) : Walk(root, child => ReferenceEquals(child, target), withType: false);

    /// <summary>
    /// The path to the first object (breadth-first) whose type is exactly <paramref name="type"/>, with the type:
    /// <c>Order.Attachment (MemoryStream)</c>, or <c>Order.Queue (a BlockingCollection&lt;int&gt; holding a SemaphoreSlim)</c>
    /// when it sits in a framework object's private fields.
    /// </summary>
    public static string FindFirstOf(object root, Type type) => Walk(root, child => child.GetType() == type, withType: true);

    /// <summary>
    /// A type as C# spells it, without namespaces: <c>Dictionary&lt;string, List&lt;int&gt;&gt;</c>, <c>Order[]</c>; cut at
    /// <see cref="TypeSystem.TypeNames.MaxDescribedLength"/> characters (then ending with "..."), so a type built from
    /// shared parts costs at most that much to name.
    /// </summary>
    public static string Readable(Type type)
    {
        var text = new System.Text.StringBuilder();
        AppendReadable(text, type, TypeSystem.TypeNames.MaxDescribedLength);
        return TypeSystem.TypeNames.Finish(text, TypeSystem.TypeNames.MaxDescribedLength);
    }

    private static void AppendReadable(System.Text.StringBuilder text, Type type, int max)
    {
        if (text.Length > max)
        {
            return; // cut here anyway: the rest of the type is never walked
        }
        if (type.IsArray)
        {
            AppendReadable(text, type.GetElementType()!, max);
            text.Append(type.IsSZArray ? "[]" : "[" + new string(',', type.GetArrayRank() - 1) + "]");
            return;
        }
        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            AppendReadable(text, underlying, max);
            text.Append('?');
            return;
        }
        string? alias = Type.GetTypeCode(type) switch
        {
            TypeCode.Boolean => "bool", TypeCode.Byte => "byte", TypeCode.SByte => "sbyte", TypeCode.Char => "char",
            TypeCode.Int16 => "short", TypeCode.UInt16 => "ushort", TypeCode.Int32 => "int", TypeCode.UInt32 => "uint",
            TypeCode.Int64 => "long", TypeCode.UInt64 => "ulong", TypeCode.Single => "float", TypeCode.Double => "double",
            TypeCode.Decimal => "decimal", TypeCode.String => "string",
            _ => type == typeof(object) ? "object" : null,
        };
        if (alias is not null && !type.IsEnum)
        {
            text.Append(alias);
            return;
        }
        string name = StripArity(type.Name);
        if (type.IsNested && type.DeclaringType is { } outer)
        {
            name = StripArity(outer.Name) + "." + name;
        }
        text.Append(name);
        int tick = type.Name.IndexOf('`');
        if (!type.IsGenericType || tick < 0)
        {
            return;
        }
        // A nested type's name counts only its own generic arguments; the outer type's come first in the list.
        Type[] arguments = type.GetGenericArguments();
        int own = Math.Min(arguments.Length, int.Parse(type.Name.AsSpan(tick + 1), System.Globalization.CultureInfo.InvariantCulture));
        text.Append('<');
        for (int i = arguments.Length - own; i < arguments.Length && text.Length <= max; i++)
        {
            if (i > arguments.Length - own)
            {
                text.Append(", ");
            }
            if (arguments[i].IsGenericParameter)
            {
                text.Append(arguments[i].Name);
            }
            else
            {
                AppendReadable(text, arguments[i], max);
            }
        }
        text.Append('>');
    }

    private static string StripArity(string name) => name.IndexOf('`') is var tick and > 0 ? name[..tick] : name;

    private static string Walk(object root, Func<object, bool> isTarget, bool withType)
    {
        string rootName = Readable(root.GetType());
        if (isTarget(root))
        {
            return withType ? $"{rootName} ({rootName})" : rootName;
        }
        var parents = new Dictionary<object, (object Parent, Step Step)>(ReferenceEqualityComparer.Instance);
        var queue = new Queue<object>();
        queue.Enqueue(root);
        parents[root] = (root, default);
        while (queue.TryDequeue(out object? current) && parents.Count < MaxVisited)
        {
            foreach ((object child, Step step) in Children(current))
            {
                if (child.GetType().IsPrimitive || child is string || parents.ContainsKey(child))
                {
                    continue;
                }
                parents[child] = (current, step);
                if (isTarget(child))
                {
                    return Build(parents, root, child, rootName, withType);
                }
                queue.Enqueue(child);
            }
        }
        return rootName + "...";
    }

    /// <summary>One step of a path; <see cref="Hidden"/> when it goes through a framework type's private field.</summary>
    private readonly record struct Step(string Text, bool Hidden);

    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "Only names the path to a refused object in an error message; a member the trimmer removed is not walked, and the message names a shorter path.")]
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "Only names the path to a refused object in an error message; a member the trimmer removed is not walked, and the message names a shorter path.")]
    private static IEnumerable<(object Child, Step Step)> Children(object value)
    {
        if (value is Array array)
        {
            int i = 0;
            foreach (object? item in array)
            {
                if (item is not null)
                {
                    yield return (item, new Step(ArrayIndex(array, i), false));
                }
                i++;
            }
            yield break;
        }
        if (value is IDictionary dictionary && IsFrameworkCollection(value))
        {
            int i = 0;
            foreach (DictionaryEntry entry in dictionary)
            {
                string? key = KeyText(entry.Key);
                yield return (entry.Key, new Step(key is null ? $"[#{i}].Key" : $"[{key}].Key", false));
                if (entry.Value is not null)
                {
                    yield return (entry.Value, new Step(key is null ? $"[#{i}].Value" : $"[{key}]", false));
                }
                i++;
            }
            yield break;
        }
        Type type = value.GetType();
        if (value is IEnumerable enumerable and not string && IsFrameworkCollection(value))
        {
            // Items first, so an object reachable both ways gets the readable path; then the collection's own fields,
            // which hold what its items do not (a BlockingCollection's semaphores).
            int i = 0;
            foreach (object? item in enumerable)
            {
                if (item is not null)
                {
                    yield return (item, new Step($"[{i}]", false));
                }
                i++;
            }
        }
        if (type.IsConstructedGenericType && type.GetGenericTypeDefinition() == typeof(KeyValuePair<,>))
        {
            foreach (string part in (string[])["Key", "Value"])
            {
                if (type.GetProperty(part)!.GetValue(value) is { } child)
                {
                    yield return (child, new Step("." + part, false));
                }
            }
            yield break;
        }
        for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            foreach (FieldInfo field in t.GetFields(Fields | BindingFlags.DeclaredOnly))
            {
                if (field.FieldType.IsPointer || field.FieldType.IsByRefLike)
                {
                    continue;
                }
                if (field.GetValue(value) is { } child)
                {
                    bool hidden = !field.IsPublic && IsFramework(t);
                    yield return (child, new Step("." + CodeGen.FieldLayout.DisplayName(field).Split('.')[^1], hidden));
                }
            }
        }
    }

    private static string Build(Dictionary<object, (object Parent, Step Step)> parents, object root, object node, string rootName, bool withType)
    {
        string targetType = Readable(node.GetType());
        var steps = new List<(object Parent, Step Step)>();
        while (!ReferenceEquals(node, root))
        {
            (object parent, Step step) = parents[node];
            steps.Add((parent, step));
            node = parent;
        }
        steps.Reverse();
        var path = new System.Text.StringBuilder(rootName);
        foreach ((object parent, Step step) in steps)
        {
            if (step.Hidden)
            {
                // The runtime's own field names are not the user's to fix: name the framework object and what it holds.
                return path.Append($" (a {Readable(parent.GetType())} holding a {targetType})").ToString();
            }
            path.Append(step.Text);
        }
        return withType ? path.Append($" ({targetType})").ToString() : path.ToString();
    }

    private static string ArrayIndex(Array array, int flat)
    {
        if (array.Rank == 1)
        {
            return $"[{flat}]";
        }
        var indexes = new int[array.Rank];
        for (int d = array.Rank - 1; d >= 0; d--)
        {
            int length = array.GetLength(d);
            indexes[d] = array.GetLowerBound(d) + flat % length;
            flat /= length;
        }
        return "[" + string.Join(",", indexes) + "]";
    }

    private static string? KeyText(object key) => key switch
    {
        string s => "\"" + (s.Length > 40 ? s[..40] + "..." : s) + "\"",
        Enum e => e.ToString(),
        IFormattable f when key.GetType().IsPrimitive || key is decimal or Guid => f.ToString(null, System.Globalization.CultureInfo.InvariantCulture),
        _ => null,
    };

    private static bool IsFrameworkCollection(object value) =>
        value.GetType().Namespace?.StartsWith("System.Collections", StringComparison.Ordinal) == true;

    private static bool IsFramework(Type type)
    {
        string assembly = type.Assembly.GetName().Name ?? string.Empty;
        return assembly is "System.Private.CoreLib" or "mscorlib" or "netstandard" ||
               assembly.StartsWith("System.", StringComparison.Ordinal) || assembly.StartsWith("Microsoft.", StringComparison.Ordinal);
    }
}
