namespace NFX.Perf.Quick;

/// <summary>One workload's table.</summary>
public sealed record WorkloadResult(string Key, string Title, string Description, int ObjectCount, IReadOnlyList<ContenderResult> Rows)
{
    /// <summary>The row of the contender of type <paramref name="contenderType"/> (exactly that type), or null.</summary>
    public ContenderResult? Row(Type contenderType) => Rows.FirstOrDefault(r => r.ContenderType == contenderType);
}
