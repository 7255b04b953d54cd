using NFX.Perf.Contenders;
using NFX.Perf.Verification;
using NFX.Perf.Workloads;

namespace NFX.Perf.Quick;

/// <summary>Runs every contender on one workload: n/a check, child probe for deep graphs, verification, timing.</summary>
public sealed class WorkloadRunner(QuickOptions options, Progress progress)
{
    private readonly Measurer _measurer = new(options.Budget);

    /// <summary>
    /// Builds the workload's table: each contender is checked (n/a, deep-graph probe, verification) and warmed up, then
    /// all are timed together in interleaved rounds (<see cref="Measurer.MeasureInRounds"/>).
    /// </summary>
    public WorkloadResult Run(Workload workload, IReadOnlyList<Contender> contenders)
    {
        progress.Report($"{workload.Key}: building the workload");
        IReadOnlyList<object> roots = workload.CreateRoots();
        int objects = GraphComparer.Compare(roots[0], roots[0]).ObjectCount;
        var rows = new ContenderResult?[contenders.Count];
        var timed = new List<(int Row, Timed Ops)>();
        for (int c = 0; c < contenders.Count; c++)
        {
            (ContenderResult? row, Timed? ops) = Prepare(workload, roots, contenders[c]);
            rows[c] = row;
            if (ops is not null)
            {
                timed.Add((c, ops));
            }
        }
        // Serialize and deserialize of each contender, in table order.
        IReadOnlyList<Measurement> measured = _measurer.MeasureInRounds([.. timed.SelectMany(t => new[] { t.Ops.Serialize, t.Ops.Deserialize })]);
        for (int t = 0; t < timed.Count; t++)
        {
            (int c, Timed ops) = timed[t];
            Measurement serialize = measured[2 * t], deserialize = measured[2 * t + 1];
            progress.Report($"{workload.Key}: {ops.Contender.Name}: {Format.Time(serialize.NanosecondsPerOp)} / " +
                $"{Format.Time(deserialize.NanosecondsPerOp)}, {Format.Bytes(ops.PayloadBytes)}; GC while timed: " +
                $"{GcNote(serialize)} / {GcNote(deserialize)}");
            rows[c] = new ContenderResult(ops.Contender.GetType(), ops.Contender.Name, CellStatus.Measured, null, ops.PayloadBytes, serialize, deserialize, ops.Contender.IsBaseline);
        }
        return new WorkloadResult(workload.Key, workload.Title, workload.Description, objects, [.. rows.OfType<ContenderResult>()]);
    }

    /// <summary>A contender ready to be timed: its two ops, warmed up.</summary>
    private sealed record Timed(Contender Contender, long PayloadBytes, WarmOp Serialize, WarmOp Deserialize);

    /// <summary>Checks a contender; returns its row when it is not timed (n/a, failed), else its warmed-up ops.</summary>
    private (ContenderResult? Row, Timed? Ops) Prepare(Workload workload, IReadOnlyList<object> roots, Contender contender)
    {
        string? reason = contender.CannotHandle(workload);
        if (reason is not null)
        {
            return (contender.IsBaseline ? null : ContenderResult.NotApplicable(contender.GetType(), contender.Name, reason), null);
        }
        if ((workload.Traits & WorkloadTraits.Deep) != 0)
        {
            progress.Report($"{workload.Key}: {contender.Name}: probing in a child process");
            string? crash = ChildProbe.Run(workload, contender, options.ProbeTimeout);
            if (crash is not null)
            {
                progress.Report($"{workload.Key}: {contender.Name}: FAILED: {crash}");
                return (ContenderResult.Failed(contender.GetType(), contender.Name, crash, contender.IsBaseline), null);
            }
        }
        progress.Report($"{workload.Key}: {contender.Name}: verifying");
        Verifier.Outcome outcome = Verifier.Run(contender, workload, roots);
        if (!outcome.Succeeded)
        {
            progress.Report($"{workload.Key}: {contender.Name}: FAILED: {outcome.Failure}");
            return (ContenderResult.Failed(contender.GetType(), contender.Name, outcome.Failure!, contender.IsBaseline), null);
        }

        object[] prepared = outcome.Prepared;
        byte[][] payloads = outcome.Payloads;
        int calls = workload.CallsPerOp;
        long payloadBytes = 0;
        for (int i = 0; i < calls; i++)
        {
            payloadBytes += payloads[i % payloads.Length].Length;
        }

        // Every op of a primitive-array workload allocates a large array (the result, or the output byte[]).
        bool largeObjectPerOp = (workload.Traits & WorkloadTraits.PrimitiveArray) != 0;
        void Serialize()
        {
            for (int i = 0, j = 0; i < calls; i++)
            {
                contender.Serialize(prepared[j]);
                j = j + 1 == prepared.Length ? 0 : j + 1;
            }
        }
        void Deserialize()
        {
            for (int i = 0, j = 0; i < calls; i++)
            {
                contender.Deserialize(payloads[j]);
                j = j + 1 == payloads.Length ? 0 : j + 1;
            }
        }
        progress.Report($"{workload.Key}: {contender.Name}: warming up");
        return (null, new Timed(contender, payloadBytes, new WarmOp(Serialize, _measurer.WarmUp(Serialize), largeObjectPerOp),
            new WarmOp(Deserialize, _measurer.WarmUp(Deserialize), largeObjectPerOp)));
    }

    private static string GcNote(Measurement measurement) =>
        measurement.Gc.Summary(measurement.Batches * (long)measurement.OpsPerBatch);
}
