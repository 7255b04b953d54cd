namespace NFX.Perf.Workloads.LinkedList;

/// <summary>A singly linked list node.</summary>
[Serializable]
public sealed class Node
{
    public int Value;
    public Node? Next;
}
