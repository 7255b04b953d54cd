using NFX.Perf.Cloning;
using NFX.Perf.Verification;
using NFX.Perf.Workloads;

namespace NFX.Perf.Quick;

/// <summary>The deep-clone tables: each way to clone verified with the graph comparer, then timed (in the Serialize column).</summary>
public sealed class CloneRunner(QuickOptions options, Progress progress)
{
    private readonly Measurer _measurer = new(options.Budget);

    /// <summary>The clone contenders in table order, the reference first.</summary>
    public static IReadOnlyList<CloneContender> Contenders() =>
        [new SlimDeepCloneContender(), new SlimRoundTripCloneContender(), new HandWrittenCloneContender()];

    /// <summary>Builds the clone table of one workload: every method verified and warmed up, then timed in interleaved rounds.</summary>
    public WorkloadResult Run(Workload workload)
    {
        object root = workload.CreateRoots()[0];
        IReadOnlyList<CloneContender> contenders = Contenders();
        var rows = new ContenderResult?[contenders.Count];
        var timed = new List<(int Row, WarmOp Op)>();
        for (int c = 0; c < contenders.Count; c++)
        {
            CloneContender contender = contenders[c];
            progress.Report($"clone {workload.Key}: {contender.Name}");
            string? failure;
            try
            {
                failure = GraphComparer.Compare(root, contender.Clone(root)).Difference;
            }
            catch (Exception ex) when (ex is not OutOfMemoryException)
            {
                failure = Verifier.Describe(ex);
            }
            if (failure is not null)
            {
                rows[c] = ContenderResult.Failed(contender.GetType(), contender.Name, failure);
                continue;
            }
            Action op = () => contender.Clone(root);
            timed.Add((c, new WarmOp(op, _measurer.WarmUp(op))));
        }
        IReadOnlyList<Measurement> measured = _measurer.MeasureInRounds([.. timed.Select(t => t.Op)]);
        for (int t = 0; t < timed.Count; t++)
        {
            rows[timed[t].Row] = new ContenderResult(contenders[timed[t].Row].GetType(), contenders[timed[t].Row].Name, CellStatus.Measured, null, 0, measured[t], null);
        }
        return new WorkloadResult("clone-" + workload.Key, "Deep clone: " + workload.Title, workload.Description,
            GraphComparer.Compare(root, root).ObjectCount, [.. rows.OfType<ContenderResult>()]);
    }
}
