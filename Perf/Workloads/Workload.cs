namespace NFX.Perf.Workloads;

/// <summary>
/// One thing to serialize: a deterministic, seeded generator of roots plus what an "op" means for it.
/// One op is <see cref="CallsPerOp"/> calls, cycling over <see cref="CreateRoots"/>.
/// </summary>
public abstract class Workload
{
    /// <summary>The seed every generator starts from unless told otherwise.</summary>
    public const int DefaultSeed = 20130611;

    /// <summary>Creates a workload whose generator starts from <paramref name="seed"/>.</summary>
    protected Workload(int seed) => Seed = seed;

    /// <summary>The generator's seed: the same seed gives equal graphs.</summary>
    public int Seed { get; }

    /// <summary>Short id used on the command line (<c>quick --filter</c>) and in file names.</summary>
    public abstract string Key { get; }

    /// <summary>Title of the workload's table.</summary>
    public abstract string Title { get; }

    /// <summary>One or two sentences: what the graph is and what one op does.</summary>
    public abstract string Description { get; }

    /// <summary>What a contender must support to represent the graph faithfully.</summary>
    public abstract WorkloadTraits Traits { get; }

    /// <summary>How many serializer calls one op makes (cycling over the roots).</summary>
    public virtual int CallsPerOp => 1;

    /// <summary>Builds the roots afresh (equal for equal seeds).</summary>
    public abstract IReadOnlyList<object> CreateRoots();

    /// <inheritdoc/>
    public override string ToString() => Key;
}
