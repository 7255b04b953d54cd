using System.Text;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Session;

/// <summary>
/// Refuses a read graph whose equality, hashing, comparison or ToString could never end, or could overflow the stack,
/// before any code of the program touches it (a hashed collection's fill, a callback, the caller's first
/// <c>GetHashCode</c>): the objects that follow references structurally (<see cref="StructuralReach"/>) must not form
/// a cycle through those references, and no chain of them may be longer than <see cref="SlimLimits.MaxStructuralDepth"/>.
/// The walk is iterative and visits each such object and each reference it follows once.
/// </summary>
internal static class StructuralGraph
{
    private const byte Open = 1, Done = 2;

    /// <summary>
    /// How many times <see cref="SlimLimits.MaxStructuralDepth"/> the walk may go down one path before it stops: far
    /// enough that a cycle a little longer than the limit is reported as the cycle it is, near enough that a chain of
    /// a million values costs the check only a few thousand.
    /// </summary>
    private const int WalkFactor = 8;

    /// <summary>
    /// Checks the structural objects a message announced (<paramref name="roots"/>) and everything they follow;
    /// <paramref name="offset"/> is the end of the message, reported by a limit error; <paramref name="reach"/> says what
    /// the serializer's types follow.
    /// </summary>
    public static void Check(ReadOnlySpan<object> roots, StructuralReach reach, SlimLimits limits, long offset)
    {
        var ids = new Dictionary<object, int>(roots.Length, ReferenceEqualityComparer.Instance);
        var nodes = new List<Node>(roots.Length);
        var edges = new List<int>();
        var scratch = new List<object>();
        var stack = new List<(int Node, int Next)>();
        int walkLimit = (int)Math.Min(int.MaxValue, WalkFactor * (long)limits.MaxStructuralDepth);
        foreach (object root in roots)
        {
            if (ids.ContainsKey(root))
            {
                continue;
            }
            Push(IdOf(root));
            while (stack.Count != 0)
            {
                (int id, int next) = stack[^1];
                Node node = nodes[id];
                if (next < node.EdgeEnd)
                {
                    stack[^1] = (id, next + 1);
                    int child = edges[next];
                    Node target = nodes[child];
                    if (target.State == Open)
                    {
                        ThrowCycle(nodes, stack, child);
                    }
                    if (target.State == Done)
                    {
                        node.Height = Math.Max(node.Height, target.Height + 1);
                        nodes[id] = node;
                    }
                    else
                    {
                        if (stack.Count >= walkLimit)
                        {
                            // The path being walked is a chain far past the limit: refused before the rest of it is
                            // visited (and remembered). Up to here a cycle is still told apart from a long chain.
                            ThrowTooDeep(nodes, stack, child, limits.MaxStructuralDepth, offset);
                        }
                        Push(child);
                    }
                    continue;
                }
                node.State = Done;
                nodes[id] = node;
                if (node.Height > limits.MaxStructuralDepth)
                {
                    ThrowTooDeep(nodes, edges, id, limits.MaxStructuralDepth, offset);
                }
                stack.RemoveAt(stack.Count - 1);
                if (stack.Count != 0)
                {
                    int parent = stack[^1].Node;
                    Node p = nodes[parent];
                    p.Height = Math.Max(p.Height, node.Height + 1);
                    nodes[parent] = p;
                }
            }
        }

        int IdOf(object value)
        {
            if (!ids.TryGetValue(value, out int id))
            {
                id = nodes.Count;
                ids.Add(value, id);
                nodes.Add(new Node(value));
            }
            return id;
        }

        void Push(int id)
        {
            Node node = nodes[id];
            scratch.Clear();
            reach.WalkerOf(node.Value.GetType())(node.Value, scratch);
            int start = edges.Count;
            foreach (object child in scratch)
            {
                if (reach.Follows(child.GetType()))
                {
                    edges.Add(IdOf(child));
                }
            }
            node = nodes[id]; // IdOf may have grown the list
            node.State = Open;
            node.Height = 1;
            node.EdgeStart = start;
            node.EdgeEnd = edges.Count;
            nodes[id] = node;
            stack.Add((id, start));
        }
    }

    private static void ThrowCycle(List<Node> nodes, List<(int Node, int Next)> stack, int back)
    {
        int from = stack.FindIndex(frame => frame.Node == back);
        var path = new StringBuilder();
        for (int i = from; i < stack.Count; i++)
        {
            object owner = nodes[stack[i].Node].Value;
            object next = i + 1 < stack.Count ? nodes[stack[i + 1].Node].Value : nodes[back].Value;
            path.Append(Describe(owner)).Append('.').Append(StructuralReach.MemberHolding(owner, next)).Append(" -> ");
        }
        path.Append("the same ").Append(Describe(nodes[back].Value));
        throw new SlimDeserializationException(
            $"The message holds a cycle of values that compare, hash and print each other: {path}. Equality, hashing or " +
            "ToString of any of them would never end (a stack overflow kills the process), so Slim refuses the message " +
            "before any code sees it. Such a graph cannot be built without reflection; if your own writer built it, break " +
            "the cycle with an object that compares by reference (docs/SECURITY.md, \"Cycles through values\").");
    }

    private static void ThrowTooDeep(List<Node> nodes, List<int> edges, int start, int maximum, long offset)
    {
        // The deepest chain from the start: each step to the child with the greatest height.
        var path = new StringBuilder(Describe(nodes[start].Value));
        int id = start, shown = 0;
        while (nodes[id].EdgeEnd > nodes[id].EdgeStart && shown++ < 4)
        {
            int deepest = edges[nodes[id].EdgeStart];
            for (int e = nodes[id].EdgeStart; e < nodes[id].EdgeEnd; e++)
            {
                if (nodes[edges[e]].Height > nodes[deepest].Height)
                {
                    deepest = edges[e];
                }
            }
            path.Append('.').Append(StructuralReach.MemberHolding(nodes[id].Value, nodes[deepest].Value))
                .Append(" -> ").Append(Describe(nodes[deepest].Value));
            id = deepest;
        }
        // Equality, hashing and ToString recurse once per value of such a chain: a long one could overflow the stack.
        throw new SlimLimitExceededException(
            $"{nameof(SlimLimits.MaxStructuralDepth)} (a chain of values that compare, hash and print each other: {path} -> ...)",
            nodes[start].Height, maximum, offset);
    }

    private static void ThrowTooDeep(List<Node> nodes, List<(int Node, int Next)> stack, int next, int maximum, long offset)
    {
        var path = new StringBuilder(Describe(nodes[stack[0].Node].Value));
        for (int i = 0; i < stack.Count && i < 4; i++)
        {
            object owner = nodes[stack[i].Node].Value;
            object target = i + 1 < stack.Count ? nodes[stack[i + 1].Node].Value : nodes[next].Value;
            path.Append('.').Append(StructuralReach.MemberHolding(owner, target)).Append(" -> ").Append(Describe(target));
        }
        throw new SlimLimitExceededException(
            $"{nameof(SlimLimits.MaxStructuralDepth)} (a chain of values that compare, hash and print each other: {path} -> ...)",
            stack.Count + 1, maximum, offset);
    }

    private static string Describe(object value) =>
        (value.GetType().IsValueType ? "(boxed) " : string.Empty) + TypeNames.Describe(value.GetType());

    private struct Node(object value)
    {
        public readonly object Value = value;
        public byte State;
        public int Height;
        public int EdgeStart;
        public int EdgeEnd;
    }
}
