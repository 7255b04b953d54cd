using System.Text;
using NFX.Perf.Akka;
using NFX.Perf.Cache;
using NFX.Perf.Cloning;
using NFX.Perf.ColdStart;
using NFX.Perf.Contenders;
using NFX.Perf.Orleans;
using NFX.Perf.Rpc;
using NFX.Perf.Rpc.Streaming;
using NFX.Perf.Workloads;

namespace NFX.Perf.Quick;

/// <summary>
/// <c>quick</c>, the main job, in the order it runs: the serialization workloads x every contender (each verified,
/// then timed in interleaved rounds, a table each), the deep-clone tables, Slim inside its hosts (HybridCache,
/// Akka.NET, Orleans), RPC and streaming; each part prints its tables and its targets as it ends, and a summary of
/// every target closes the run. Tables go to stdout, progress to stderr; <c>--write-docs</c> (a full run) also
/// writes docs/perf (quick-results.md with one SVG chart per workload, rpc.md, rpc-stream.md).
/// </summary>
public static class QuickRunner
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "quick";

    /// <summary>Runs quick mode with the arguments after the verb.</summary>
    public static int Run(IReadOnlyList<string> args)
    {
        QuickOptions options = QuickOptions.Parse(args);
        using var progress = new Progress();
        TextWriter output = progress.Around(Console.Out, sameTerminal: !Console.IsOutputRedirected);
        MachineInfo machine = MachineInfo.Current();
        double? loadAtStart = MachineInfo.LoadAverage();
        string command = "dotnet run -c Release --project Perf -- " + string.Join(' ', new[] { Verb }.Concat(args));
        progress.Note($"quick mode on {machine}");
        output.WriteLine(LoadLine(loadAtStart, null, machine.Cores));
        output.WriteLine(PeerVersions.Line());
        output.WriteLine();
        if (options.PerzonLoop != WorkloadCatalog.FullPerzonLoop && options.Selects("perzon-loop"))
        {
            progress.Note($"Perzon loop scaled to {options.PerzonLoop:N0} objects (the ancestor's 500,000: --loop 500000)");
        }
        var targets = new List<TargetTable>();

        // 1. Workloads x contenders -> measured -> a table each.
        var workloads = new List<WorkloadResult>();
        var runner = new WorkloadRunner(options, progress);
        foreach (Workload workload in WorkloadCatalog.All(options.PerzonLoop).Where(w => options.Selects(w.Key)))
        {
            workloads.Add(runner.Run(workload, ContenderCatalog.All()));
            output.Write(Table(workloads[^1]));
        }
        // 2. Deep clone: each way to clone -> measured -> a table each.
        var clones = new List<WorkloadResult>();
        var cloneRunner = new CloneRunner(options, progress);
        foreach (Workload workload in WorkloadCatalog.CloneWorkloads().Where(w => options.Selects(w.Key) || options.Selects("clone")))
        {
            clones.Add(cloneRunner.Run(workload));
            output.Write(Table(clones[^1], clone: true));
        }
        if (workloads.Count + clones.Count > 0)
        {
            targets.Add(ReportSerialization(options, machine, command, loadAtStart, workloads, clones, progress, output));
        }

        // 2b. Cold start: each contender's first call of a new type, in fresh processes.
        if (options.Selects(ColdStartBench.Key))
        {
            progress.Report($"{ColdStartBench.Key}: first calls in fresh processes, {options.ColdStartRuns} per contender");
            IReadOnlyList<ColdStartRow> cold = ColdStartBench.Measure(options.ColdStartRuns, progress.Report);
            output.Write(ColdStartBench.Table(cold, options.ColdStartRuns));
            TargetTable coldTargets = ColdStartBench.Targets(cold);
            output.WriteLine(coldTargets.ToMarkdown());
            targets.Add(coldTargets);
            if (DocsDirectory(options) is { } directory)
            {
                Directory.CreateDirectory(directory);
                string file = Path.Combine(directory, "coldstart.md");
                File.WriteAllText(file, ColdStartReport(machine, command, loadAtStart, options.ColdStartRuns, cold, coldTargets));
                progress.Note($"wrote {file}");
            }
        }

        // 3. Slim inside its hosts, each part with its own tables and targets.
        if (options.Selects("cache"))
        {
            progress.Report("cache: Slim vs MemoryPack, MessagePack and System.Text.Json as the HybridCache serializer, alone and over a real Redis");
            targets.Add(CacheBench.RunQuick(output));
        }
        foreach (HostedBench bench in new HostedBench[] { new AkkaBench(), new OrleansBench() }.Where(b => options.Selects(b.Key)))
        {
            progress.Report($"{bench.Key}: Slim as the framework's serializer, serializer only and end to end");
            if (bench.RunQuick(output) is TargetTable table)
            {
                targets.Add(table);
            }
        }

        // 4. RPC (Glue vs grpc-dotnet, protobuf-net.Grpc, Thrift, a raw socket) and streaming, with docs/perf/rpc*.md on --write-docs.
        if (options.Rpc && options.Selects("rpc"))
        {
            RpcResults rpc = RpcQuick.Run(output, DocsDirectory(options), RpcQuickOptions.Parse(options.RpcArgs), command, progress.Report);
            targets.Add(RpcReport.Evaluate(rpc));
        }
        if (options.Rpc && options.Selects(RpcStreamQuick.Key))
        {
            targets.Add(RpcStreamQuick.Targets(RpcStreamQuick.Run(output, DocsDirectory(options), RpcStreamOptions.Parse(options.RpcArgs), command, progress.Report)));
        }

        // 5. The summary of every target of the run.
        output.Write(RunSummary.Build(targets, (loadAtStart, MachineInfo.LoadAverage()), machine.Cores));
        progress.Note($"done in {progress.Elapsed.TotalSeconds:0} s");
        return 0;
    }

    /// <summary>The serialization and clone tables' report: the not-applicable list, the targets, the docs.</summary>
    private static TargetTable ReportSerialization(QuickOptions options, MachineInfo machine, string command, double? loadAtStart,
        IReadOnlyList<WorkloadResult> workloads, IReadOnlyList<WorkloadResult> clones, Progress progress, TextWriter output)
    {
        var run = new QuickRun(options, machine, command, progress.Elapsed, workloads, clones)
        {
            Load = (loadAtStart, MachineInfo.LoadAverage()),
            SparsePerzon = workloads.Any(w => w.Key == "perzon-loop") ? SparsePerzonSizes.Measure() : null,
        };
        output.Write(MarkdownReport.NotApplicable(workloads));
        output.WriteLine("## Targets");
        output.WriteLine();
        output.WriteLine(LoadLine(run.Load.Start, run.Load.End, machine.Cores));
        output.WriteLine(TargetsReport.Build(run));
        output.WriteLine();
        WriteDocs(run, progress);
        return TargetsReport.Evaluate(run);
    }

    /// <summary>docs/perf/coldstart.md: the cold-start table of this run, with its machine, load and targets.</summary>
    private static string ColdStartReport(MachineInfo machine, string command, double? loadAtStart, int runs, IReadOnlyList<ColdStartRow> rows,
        TargetTable targets) =>
        new StringBuilder()
            .AppendLine("# Cold start: each contender's first call in a fresh process").AppendLine()
            .AppendLine($"Machine: {machine}.  ")
            .AppendLine(LoadLine(loadAtStart, MachineInfo.LoadAverage(), machine.Cores)).AppendLine()
            .AppendLine($"Command: `{command}`; {runs} fresh processes per contender, interleaved (every contender once per round), medians.").AppendLine()
            .Append(ColdStartBench.Table(rows, runs))
            .AppendLine(targets.ToMarkdown())
            .ToString();

    /// <summary>Where this run writes docs: --out, or docs/perf for an unfiltered --write-docs run; null otherwise.</summary>
    private static string? DocsDirectory(QuickOptions options) =>
        options.WriteDocs ? options.OutputDirectory ?? (options.Filters.Count == 0 ? DefaultDocsDirectory() : null) : null;

    /// <summary>
    /// The load line, and a warning when the machine is busy (load above the core count): a missed timing target may
    /// then be the load; sizes and allocations are not affected.
    /// </summary>
    public static string LoadLine(double? start, double? end, int cores)
    {
        if (start is not double s)
        {
            return "Load average: unknown on this OS.";
        }
        string line = MachineInfo.DescribeLoad(s, end, cores).TrimEnd();
        double peak = Math.Max(s, end ?? s);
        return peak > cores
            ? line + $"{Environment.NewLine}WARNING: the machine is busy (load {peak:0.0} on {cores} cores): times are inflated and noisy, " +
              "so a missed timing target may be the load rather than the code (sizes and allocations are not affected). Compare ratios, or rerun on a quiet machine."
            : line;
    }

    private static string Table(WorkloadResult result, bool clone = false)
    {
        var text = new StringBuilder();
        if (clone)
        {
            MarkdownReport.AppendCloneTable(text, result);
        }
        else
        {
            MarkdownReport.AppendTable(text, result);
        }
        return text.ToString();
    }

    private static void WriteDocs(QuickRun run, Progress progress)
    {
        if (!run.Options.WriteDocs)
        {
            progress.Note("docs/perf left as it is (pass --write-docs to regenerate it from this run)");
            return;
        }
        string? directory = run.Options.OutputDirectory;
        if (directory is null)
        {
            if (run.Options.Filters.Count > 0)
            {
                progress.Note("a filtered run does not overwrite docs/perf (give --out DIR to write it elsewhere)");
                return;
            }
            directory = DefaultDocsDirectory();
            if (directory is null)
            {
                progress.Note("repository root not found: docs/perf not written (give --out DIR)");
                return;
            }
        }
        Directory.CreateDirectory(directory);
        File.WriteAllText(Path.Combine(directory, "quick-results.md"), MarkdownReport.Build(run));
        foreach (WorkloadResult result in run.Workloads)
        {
            File.WriteAllText(Path.Combine(directory, result.Key + ".svg"), SvgChart.Render(result, MarkdownReport.Reference));
        }
        foreach (WorkloadResult result in run.Clones)
        {
            File.WriteAllText(Path.Combine(directory, result.Key + ".svg"),
                SvgChart.Render(result, typeof(SlimDeepCloneContender), "clone", null));
        }
        progress.Note($"wrote {Path.Combine(directory, "quick-results.md")} and {run.Workloads.Count + run.Clones.Count} charts");
    }

    /// <summary>docs/perf of the repository that holds the running build (found by walking up to NFX.Slim.sln).</summary>
    public static string? DefaultDocsDirectory()
    {
        foreach (string start in new[] { Environment.CurrentDirectory, AppContext.BaseDirectory })
        {
            for (DirectoryInfo? dir = new(start); dir is not null; dir = dir.Parent)
            {
                if (File.Exists(Path.Combine(dir.FullName, "NFX.Slim.sln")))
                {
                    return Path.Combine(dir.FullName, "docs", "perf");
                }
            }
        }
        return null;
    }
}
