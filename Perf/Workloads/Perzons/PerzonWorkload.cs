namespace NFX.Perf.Workloads.Perzons;

/// <summary>One <see cref="Perzon"/> (with a parent) per op.</summary>
public sealed class PerzonWorkload(int seed = Workload.DefaultSeed) : Workload(seed)
{
    /// <inheritdoc/>
    public override string Key => "perzon";

    /// <inheritdoc/>
    public override string Title => "Perzon: one object";

    /// <inheritdoc/>
    public override string Description => "The ancestor's Perzon record (with a Parent Perzon); one op = one call.";

    /// <inheritdoc/>
    public override WorkloadTraits Traits => WorkloadTraits.None;

    /// <inheritdoc/>
    public override IReadOnlyList<object> CreateRoots() => [PerzonGenerator.Create(new Random(Seed))];
}
