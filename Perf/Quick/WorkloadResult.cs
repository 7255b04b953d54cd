namespace NFX.Perf.Quick;

/// <summary>One workload's table.</summary>
public sealed record WorkloadResult(string Key, string Title, string Description, int ObjectCount, IReadOnlyList<ContenderResult> Rows)
{
    /// <summary>The row of <paramref name="contender"/>, or null.</summary>
    public ContenderResult? Row(string contender) => Rows.FirstOrDefault(r => r.Contender == contender);
}
