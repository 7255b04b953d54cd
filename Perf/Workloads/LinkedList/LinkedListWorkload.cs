namespace NFX.Perf.Workloads.LinkedList;

/// <summary>A singly linked list of <see cref="Length"/> nodes (who survives the depth, and how fast).</summary>
public sealed class LinkedListWorkload(int length = 1_000_000, int seed = Workload.DefaultSeed) : Workload(seed)
{
    /// <summary>Nodes in the list.</summary>
    public int Length { get; } = length > 0 ? length : throw new ArgumentOutOfRangeException(nameof(length));

    /// <inheritdoc/>
    public override string Key => "linked-list";

    /// <inheritdoc/>
    public override string Title => $"Linked list of {Length:N0} nodes";

    /// <inheritdoc/>
    public override string Description => $"{Length:N0} nodes, each an int and a Next reference; one op = the whole list.";

    /// <inheritdoc/>
    public override WorkloadTraits Traits => WorkloadTraits.Deep;

    /// <inheritdoc/>
    public override IReadOnlyList<object> CreateRoots()
    {
        var random = new Random(Seed);
        Node? head = null;
        for (int i = 0; i < Length; i++)
        {
            head = new Node { Value = random.Next(), Next = head };
        }
        return [head!];
    }
}
