namespace NFX.Perf.Quick;

/// <summary>One row of a workload's table.</summary>
/// <param name="ContenderType">Whose row it is: the contender's type, what the targets look rows up by (names are for display).</param>
/// <param name="Contender">The contender's display name.</param>
/// <param name="Status">Measured, not applicable or failed.</param>
/// <param name="Reason">Why not measured, or null.</param>
/// <param name="PayloadBytes">Bytes written per op.</param>
/// <param name="Serialize">Serialize (or clone) timing, when measured.</param>
/// <param name="Deserialize">Deserialize timing, when measured.</param>
/// <param name="IsBaseline">True for a baseline that is not a serializer (memcpy).</param>
public sealed record ContenderResult(
    Type ContenderType,
    string Contender,
    CellStatus Status,
    string? Reason,
    long PayloadBytes,
    Measurement? Serialize,
    Measurement? Deserialize,
    bool IsBaseline = false)
{
    /// <summary>A row for a contender that cannot represent the workload.</summary>
    public static ContenderResult NotApplicable(Type contenderType, string contender, string reason, bool isBaseline = false) =>
        new(contenderType, contender, CellStatus.NotApplicable, reason, 0, null, null, isBaseline);

    /// <summary>A row for a contender that failed verification.</summary>
    public static ContenderResult Failed(Type contenderType, string contender, string reason, bool isBaseline = false) =>
        new(contenderType, contender, CellStatus.Failed, reason, 0, null, null, isBaseline);
}
