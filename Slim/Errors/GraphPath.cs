using System.Collections;
using System.Reflection;

namespace NFX.Slim;

/// <summary>
/// Finds a readable path (<c>Order.Customer</c>, <c>Order.Lines[3]</c>) from the root to an object, for error messages
/// only: a breadth-first walk over fields and collection items, with reflection, bounded in the number of objects so an
/// error in a huge graph still reports promptly.
/// </summary>
internal static class GraphPath
{
    private const int MaxVisited = 1_000_000;
    private const BindingFlags Fields = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;

    public static string Find(object root, object? target)
    {
        string rootName = root.GetType().Name;
        if (target is null || ReferenceEquals(root, target))
        {
            return rootName;
        }
        var parents = new Dictionary<object, (object Parent, string Step)>(ReferenceEqualityComparer.Instance);
        var queue = new Queue<object>();
        queue.Enqueue(root);
        parents[root] = (root, string.Empty);
        while (queue.TryDequeue(out object? current) && parents.Count < MaxVisited)
        {
            foreach ((object child, string step) in Children(current))
            {
                if (child.GetType().IsPrimitive || child is string || parents.ContainsKey(child))
                {
                    continue;
                }
                parents[child] = (current, step);
                if (ReferenceEquals(child, target))
                {
                    return Build(parents, root, child, rootName);
                }
                queue.Enqueue(child);
            }
        }
        return rootName + "...";
    }

    private static IEnumerable<(object Child, string Step)> Children(object value)
    {
        if (value is Array array)
        {
            int i = 0;
            foreach (object? item in array)
            {
                if (item is not null)
                {
                    yield return (item, $"[{i}]");
                }
                i++;
            }
            yield break;
        }
        if (value is IEnumerable enumerable and not string && value.GetType().Namespace?.StartsWith("System.Collections", StringComparison.Ordinal) == true)
        {
            int i = 0;
            foreach (object? item in enumerable)
            {
                if (item is not null)
                {
                    yield return (item, $"[{i}]");
                }
                i++;
            }
            yield break;
        }
        for (Type? t = value.GetType(); t is not null && t != typeof(object); t = t.BaseType)
        {
            foreach (FieldInfo field in t.GetFields(Fields | BindingFlags.DeclaredOnly))
            {
                if (field.FieldType.IsPointer || field.FieldType.IsByRefLike)
                {
                    continue;
                }
                if (field.GetValue(value) is { } child)
                {
                    yield return (child, "." + CodeGen.FieldLayout.DisplayName(field).Split('.')[^1]);
                }
            }
        }
    }

    private static string Build(Dictionary<object, (object Parent, string Step)> parents, object root, object node, string rootName)
    {
        var steps = new List<string>();
        while (!ReferenceEquals(node, root))
        {
            (object parent, string step) = parents[node];
            steps.Add(step);
            node = parent;
        }
        steps.Reverse();
        return rootName + string.Concat(steps);
    }
}
