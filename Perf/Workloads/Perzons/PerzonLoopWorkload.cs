namespace NFX.Perf.Workloads.Perzons;

/// <summary>
/// The ancestor's loop: <see cref="Count"/> Perzons serialized one call each (500,000 in the full run).
/// The calls cycle over a pool of distinct records, so memory stays small while the data varies.
/// </summary>
public sealed class PerzonLoopWorkload(int count, int seed = Workload.DefaultSeed) : Workload(seed)
{
    /// <summary>How many distinct records the loop cycles over.</summary>
    public const int PoolSize = 1000;

    /// <summary>How many calls one op makes.</summary>
    public int Count { get; } = count > 0 ? count : throw new ArgumentOutOfRangeException(nameof(count));

    /// <inheritdoc/>
    public override string Key => "perzon-loop";

    /// <inheritdoc/>
    public override string Title => $"Perzon: {Count:N0} objects in a loop";

    /// <inheritdoc/>
    public override string Description =>
        $"One op = {Count:N0} calls, each one Perzon (cycling over {PoolSize:N0} distinct records); payload = the sum over the op.";

    /// <inheritdoc/>
    public override WorkloadTraits Traits => WorkloadTraits.None;

    /// <inheritdoc/>
    public override int CallsPerOp => Count;

    /// <inheritdoc/>
    public override IReadOnlyList<object> CreateRoots() => PerzonGenerator.CreateMany(new Random(Seed), Math.Min(PoolSize, Count));
}
