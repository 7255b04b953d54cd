namespace NFX.Glue.Client.Balancing;

/// <summary>
/// The load-balancing policy (<see cref="GlueLoadBalancing"/>): which live connection of the client's nodes a call
/// takes, and in which order nodes are tried when none is up. Round-robin compares the next node in turn with its
/// neighbour and takes the one with fewer calls in flight; pick-first takes the first live node in the list.
/// </summary>
internal sealed class NodePicker(GlueLoadBalancing policy)
{
    private int _next = -1;

    /// <summary>The fast path of a call: a usable connection, or null when none is up.</summary>
    public ClientConnection? Pick(GlueNode[] nodes)
    {
        if (nodes.Length <= 1)
        {
            return nodes.Length == 1 ? nodes[0].Live : null;
        }
        if (policy == GlueLoadBalancing.PickFirst)
        {
            foreach (GlueNode node in nodes)
            {
                if (node.Live is ClientConnection live)
                {
                    return live;
                }
            }
            return null;
        }
        uint turn = (uint)Interlocked.Increment(ref _next);
        ClientConnection? first = nodes[turn % (uint)nodes.Length].Live;
        ClientConnection? second = nodes[(turn + 1) % (uint)nodes.Length].Live;
        if (first is null)
        {
            return second ?? AnyLive(nodes, turn + 2);
        }
        return second is not null && second.InFlight < first.InFlight ? second : first;
    }

    /// <summary>A live connection of another node than <paramref name="failed"/> (the next in the policy's order), or null.</summary>
    public ClientConnection? PickExcept(GlueNode[] nodes, GlueNode failed)
    {
        foreach (GlueNode node in InPolicyOrder(nodes))
        {
            if (node != failed && node.Live is ClientConnection live)
            {
                return live;
            }
        }
        return null;
    }

    /// <summary>The order in which to try connecting: pick-first, list order; round-robin, from the next node in turn.</summary>
    public IEnumerable<GlueNode> InPolicyOrder(GlueNode[] nodes)
    {
        if (nodes.Length == 0)
        {
            yield break;
        }
        int start = policy == GlueLoadBalancing.PickFirst ? 0 : (int)((uint)Volatile.Read(ref _next) % (uint)nodes.Length);
        for (int i = 0; i < nodes.Length; i++)
        {
            yield return nodes[(start + i) % nodes.Length];
        }
    }

    private static ClientConnection? AnyLive(GlueNode[] nodes, uint from)
    {
        for (int i = 0; i < nodes.Length; i++)
        {
            if (nodes[(from + (uint)i) % (uint)nodes.Length].Live is ClientConnection live)
            {
                return live;
            }
        }
        return null;
    }
}
