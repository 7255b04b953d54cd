namespace NFX.Perf.Quick;

/// <summary>One row of a workload's table.</summary>
public sealed record ContenderResult(
    string Contender,
    CellStatus Status,
    string? Reason,
    long PayloadBytes,
    Measurement? Serialize,
    Measurement? Deserialize,
    bool IsBaseline = false)
{
    /// <summary>A row for a contender that cannot represent the workload.</summary>
    public static ContenderResult NotApplicable(string contender, string reason, bool isBaseline = false) =>
        new(contender, CellStatus.NotApplicable, reason, 0, null, null, isBaseline);

    /// <summary>A row for a contender that failed verification.</summary>
    public static ContenderResult Failed(string contender, string reason, bool isBaseline = false) =>
        new(contender, CellStatus.Failed, reason, 0, null, null, isBaseline);
}
