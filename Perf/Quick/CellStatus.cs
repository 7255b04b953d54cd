namespace NFX.Perf.Quick;

/// <summary>What happened to one contender on one workload.</summary>
public enum CellStatus
{
    /// <summary>Verified and timed.</summary>
    Measured,

    /// <summary>Cannot represent the workload (or is not installed); the reason is shown.</summary>
    NotApplicable,

    /// <summary>Threw, crashed or lost data during verification; not timed.</summary>
    Failed,
}
