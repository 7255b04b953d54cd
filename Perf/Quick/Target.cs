namespace NFX.Perf.Quick;

/// <summary>Whether a target was reached.</summary>
public enum Verdict
{
    /// <summary>Measured and reached.</summary>
    Met,

    /// <summary>Measured and not reached.</summary>
    Missed,

    /// <summary>Not measured (a peer failed verification, a workload was filtered out); the reason is given.</summary>
    NotMeasured,
}

/// <summary>What a target measures, which says whether a busy machine can explain a miss.</summary>
public enum TargetKind
{
    /// <summary>A time or a rate: other processes on the machine inflate it, so a miss may be the load.</summary>
    Timing,

    /// <summary>Payload bytes: the same on any machine, so a miss is the format's or the workload's, never the load's.</summary>
    Size,

    /// <summary>What the code does whatever the timing (bytes allocated per call): a miss is the code's, never the load's.</summary>
    Structural,
}

/// <summary>One target of a table: what it asks, what was measured, and the verdict.</summary>
/// <param name="Name">What is compared, e.g. "perzon: serialize within 1.25x of MemoryPack".</param>
/// <param name="Goal">The goal, e.g. "&gt;= 0.8x".</param>
/// <param name="Measured">The measured value ("-" when not measured).</param>
/// <param name="Verdict">Met, missed or not measured.</param>
/// <param name="Kind">Timing, size or structural: whether the load can explain a miss.</param>
public sealed record Target(string Name, string Goal, string Measured, Verdict Verdict, TargetKind Kind)
{
    /// <summary>Why the verdict is not a plain "met": the reason a target was not measured, or what explains a miss.</summary>
    public string? Why { get; init; }

    /// <summary>The result cell of every target table: "met", "missed" or "not measured", with <see cref="Why"/> after a colon.</summary>
    public string Result => (Verdict switch
    {
        Verdict.Met => "met",
        Verdict.Missed => "missed",
        _ => "not measured",
    }) + (Why is null ? "" : ": " + Why);

    /// <summary>A measured target: met when <paramref name="met"/>.</summary>
    public static Target Judged(string name, string goal, string measured, bool met, TargetKind kind) =>
        new(name, goal, measured, met ? Verdict.Met : Verdict.Missed, kind);

    /// <summary>A target that could not be measured, with the reason.</summary>
    public static Target NotMeasured(string name, string goal, string why, TargetKind kind) =>
        new(name, goal, "-", Verdict.NotMeasured, kind) { Why = why };
}
