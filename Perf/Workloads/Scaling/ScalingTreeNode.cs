namespace NFX.Perf.Workloads.Scaling;

/// <summary>A node of the scaling check's tree: its own string, and two children that are also in the root array.</summary>
[Serializable]
public sealed class ScalingTreeNode
{
    /// <summary>A number of the node's own.</summary>
    public int Id;

    /// <summary>A string of the node's own (not shared with any other node).</summary>
    public string? Name;

    /// <summary>The left child, or null for a leaf.</summary>
    public ScalingTreeNode? Left;

    /// <summary>The right child, or null for a leaf.</summary>
    public ScalingTreeNode? Right;

    /// <summary>
    /// An array of <paramref name="count"/> nodes forming a complete binary tree (node i's children are 2i+1 and 2i+2),
    /// so every node is reached twice: once from the array and once from its parent.
    /// </summary>
    public static ScalingTreeNode[] CreateTree(int count)
    {
        var nodes = new ScalingTreeNode[count];
        for (int i = 0; i < count; i++)
        {
            nodes[i] = new ScalingTreeNode { Id = i, Name = "node-" + i.ToString(System.Globalization.CultureInfo.InvariantCulture) };
        }
        for (int i = 0; i < count; i++)
        {
            long left = 2L * i + 1;
            nodes[i].Left = left < count ? nodes[left] : null;
            nodes[i].Right = left + 1 < count ? nodes[left + 1] : null;
        }
        return nodes;
    }
}
