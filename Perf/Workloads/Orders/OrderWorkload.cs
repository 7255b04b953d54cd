namespace NFX.Perf.Workloads.Orders;

/// <summary>
/// One <see cref="Order"/> per op: the cold-start table's model in steady state, a DTO declared as a service would
/// declare it (auto-properties, an enum, decimals, a list), not for any serializer and not by the ancestor's benchmark.
/// </summary>
public sealed class OrderWorkload(int seed = Workload.DefaultSeed) : Workload(seed)
{
    /// <inheritdoc/>
    public override string Key => "order";

    /// <inheritdoc/>
    public override string Title => "Order: a DTO written without a serializer in mind";

    /// <inheritdoc/>
    public override string Description =>
        "The cold-start table's order (customer, billing and shipping addresses, 1-6 lines, an enum, decimals), declared " +
        "with auto-properties and no attributes; a tree. One op = one order.";

    /// <inheritdoc/>
    public override WorkloadTraits Traits => WorkloadTraits.None;

    /// <inheritdoc/>
    public override IReadOnlyList<object> CreateRoots() => [OrderGenerator.Create(new Random(Seed))];
}
