namespace NFX.Perf.Workloads.Dto;

/// <summary>An API DTO tree without cycles (question, owner, answers, comments, tags).</summary>
public sealed class DtoWorkload(int seed = Workload.DefaultSeed) : Workload(seed)
{
    /// <summary>Answers on the question.</summary>
    public const int Answers = 20;

    /// <inheritdoc/>
    public override string Key => "dto";

    /// <inheritdoc/>
    public override string Title => "API DTO tree (question with answers and comments)";

    /// <inheritdoc/>
    public override string Description =>
        $"A question with its owner, {Answers} answers, comments on both, tags; a tree (no cycles, no sharing). One op = the tree.";

    /// <inheritdoc/>
    public override WorkloadTraits Traits => WorkloadTraits.None;

    /// <inheritdoc/>
    public override IReadOnlyList<object> CreateRoots() => [QuestionGenerator.Create(new Random(Seed), Answers)];
}
