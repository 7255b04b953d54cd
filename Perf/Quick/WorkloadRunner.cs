using NFX.Perf.Contenders;
using NFX.Perf.Verification;
using NFX.Perf.Workloads;

namespace NFX.Perf.Quick;

/// <summary>Runs every contender on one workload: n/a check, child probe for deep graphs, verification, timing.</summary>
public sealed class WorkloadRunner(QuickOptions options, Progress progress)
{
    private readonly Measurer _measurer = new(options.Budget);

    /// <summary>Builds the workload's table.</summary>
    public WorkloadResult Run(Workload workload, IReadOnlyList<Contender> contenders)
    {
        progress.Report($"{workload.Key}: building the workload");
        IReadOnlyList<object> roots = workload.CreateRoots();
        int objects = GraphComparer.Compare(roots[0], roots[0]).ObjectCount;
        var rows = new List<ContenderResult>();
        foreach (Contender contender in contenders)
        {
            ContenderResult? row = RunOne(workload, roots, contender);
            if (row is not null)
            {
                rows.Add(row);
            }
        }
        return new WorkloadResult(workload.Key, workload.Title, workload.Description, objects, rows);
    }

    private ContenderResult? RunOne(Workload workload, IReadOnlyList<object> roots, Contender contender)
    {
        string? reason = contender.CannotHandle(workload);
        if (reason is not null)
        {
            return contender.IsBaseline ? null : ContenderResult.NotApplicable(contender.Name, reason);
        }
        if ((workload.Traits & WorkloadTraits.Deep) != 0)
        {
            progress.Report($"{workload.Key}: {contender.Name}: probing in a child process");
            string? crash = ChildProbe.Run(workload, contender, options.ProbeTimeout);
            if (crash is not null)
            {
                progress.Report($"{workload.Key}: {contender.Name}: FAILED: {crash}");
                return ContenderResult.Failed(contender.Name, crash, contender.IsBaseline);
            }
        }
        progress.Report($"{workload.Key}: {contender.Name}: verifying");
        Verifier.Outcome outcome = Verifier.Run(contender, workload, roots);
        if (!outcome.Succeeded)
        {
            progress.Report($"{workload.Key}: {contender.Name}: FAILED: {outcome.Failure}");
            return ContenderResult.Failed(contender.Name, outcome.Failure!, contender.IsBaseline);
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
        progress.Report($"{workload.Key}: {contender.Name}: serialize");
        Measurement serialize = _measurer.Measure(() =>
        {
            for (int i = 0, j = 0; i < calls; i++)
            {
                contender.Serialize(prepared[j]);
                j = j + 1 == prepared.Length ? 0 : j + 1;
            }
        }, largeObjectPerOp);
        progress.Report($"{workload.Key}: {contender.Name}: deserialize");
        Measurement deserialize = _measurer.Measure(() =>
        {
            for (int i = 0, j = 0; i < calls; i++)
            {
                contender.Deserialize(payloads[j]);
                j = j + 1 == payloads.Length ? 0 : j + 1;
            }
        }, largeObjectPerOp);
        progress.Report($"{workload.Key}: {contender.Name}: {Format.Time(serialize.NanosecondsPerOp)} / " +
            $"{Format.Time(deserialize.NanosecondsPerOp)}, {Format.Bytes(payloadBytes)}; GC while timed: " +
            $"{GcNote(serialize)} / {GcNote(deserialize)}");
        return new ContenderResult(contender.Name, CellStatus.Measured, null, payloadBytes, serialize, deserialize, contender.IsBaseline);
    }

    private static string GcNote(Measurement measurement) =>
        measurement.Gc.Summary(measurement.Batches * (long)measurement.OpsPerBatch);
}
