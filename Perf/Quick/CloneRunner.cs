using NFX.Perf.Cloning;
using NFX.Perf.Verification;
using NFX.Perf.Workloads;

namespace NFX.Perf.Quick;

/// <summary>Workload 6: deep clone, verified with the graph comparer, then timed (in the Serialize column).</summary>
public sealed class CloneRunner(QuickOptions options, Progress progress)
{
    private readonly Measurer _measurer = new(options.Budget);

    /// <summary>The clone contenders in table order, the reference first.</summary>
    public static IReadOnlyList<CloneContender> Contenders() =>
        [new SlimDeepCloneContender(), new SlimRoundTripCloneContender(), new HandWrittenCloneContender()];

    /// <summary>Builds the clone table of one workload.</summary>
    public WorkloadResult Run(Workload workload)
    {
        object root = workload.CreateRoots()[0];
        var rows = new List<ContenderResult>();
        foreach (CloneContender contender in Contenders())
        {
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
                rows.Add(ContenderResult.Failed(contender.Name, failure));
                continue;
            }
            Measurement clone = _measurer.Measure(() => contender.Clone(root));
            rows.Add(new ContenderResult(contender.Name, CellStatus.Measured, null, 0, clone, null));
        }
        return new WorkloadResult("clone-" + workload.Key, "Deep clone: " + workload.Title, workload.Description,
            GraphComparer.Compare(root, root).ObjectCount, rows);
    }
}
