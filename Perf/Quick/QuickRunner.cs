using System.Text;
using NFX.Perf.Cloning;
using NFX.Perf.Contenders;
using NFX.Perf.Rpc;
using NFX.Perf.Workloads;

namespace NFX.Perf.Quick;

/// <summary>
/// <c>quick</c>: every workload x contender in a few minutes, tables on stdout, progress on stderr; with
/// <c>--write-docs</c> (a full run) also docs/perf/quick-results.md with one SVG chart per workload.
/// </summary>
public static class QuickRunner
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "quick";

    /// <summary>Runs quick mode with the arguments after the verb.</summary>
    public static int Run(IReadOnlyList<string> args)
    {
        QuickOptions options = QuickOptions.Parse(args);
        var progress = new Progress();
        MachineInfo machine = MachineInfo.Current();
        double? loadAtStart = MachineInfo.LoadAverage();
        progress.Report($"quick mode on {machine}");
        Console.Out.WriteLine(LoadLine(loadAtStart, null, machine.Cores));
        if (options.PerzonLoop != WorkloadCatalog.FullPerzonLoop)
        {
            progress.Report($"Perzon loop scaled to {options.PerzonLoop:N0} objects (the ancestor's 500,000: --loop 500000)");
        }

        var workloads = new List<WorkloadResult>();
        var runner = new WorkloadRunner(options, progress);
        foreach (Workload workload in WorkloadCatalog.All(options.PerzonLoop).Where(w => options.Selects(w.Key)))
        {
            workloads.Add(runner.Run(workload, ContenderCatalog.All()));
            Console.Out.Write(Table(workloads[^1]));
        }
        var clones = new List<WorkloadResult>();
        var cloneRunner = new CloneRunner(options, progress);
        foreach (Workload workload in WorkloadCatalog.CloneWorkloads().Where(w => options.Selects(w.Key) || options.Selects("clone")))
        {
            clones.Add(cloneRunner.Run(workload));
            Console.Out.Write(Table(clones[^1], clone: true));
        }
        if (options.Selects("cache"))
        {
            progress.Report("cache: Slim vs MemoryPack, MessagePack (contract, Typeless) and System.Text.Json as the HybridCache serializer, serializer-only and end to end over a real Redis");
            NFX.Perf.Cache.CacheBench.RunQuick(Console.Out);
        }
        if (options.Selects(NFX.Perf.Akka.AkkaBench.Key))
        {
            progress.Report("akka: Slim vs Hyperion vs Newtonsoft JSON as Akka.NET's serializer, serializer-only and an Akka.Remote ping-pong between two processes");
            NFX.Perf.Akka.AkkaBench.RunQuick(Console.Out);
        }
        if (options.Selects(NFX.Perf.Orleans.OrleansBench.Key))
        {
            progress.Report("orleans: Slim's fallback vs Orleans' System.Text.Json fallback vs [GenerateSerializer] codecs, codec and copier only and grain calls in a TestingHost cluster");
            NFX.Perf.Orleans.OrleansBench.RunQuick(Console.Out);
        }

        string command = "dotnet run -c Release --project Perf -- " + string.Join(' ', new[] { Verb }.Concat(args));
        var run = new QuickRun(options, machine, command, progress.Elapsed, workloads, clones)
        {
            Load = (loadAtStart, MachineInfo.LoadAverage()),
        };
        Console.Out.Write(MarkdownReport.NotApplicable(workloads));
        Console.Out.WriteLine("## Targets");
        Console.Out.WriteLine();
        Console.Out.WriteLine(LoadLine(run.Load.Start, run.Load.End, machine.Cores));
        Console.Out.WriteLine(TargetsReport.Build(run));
        WriteDocs(run, progress);

        // RPC benchmark (issue 7, Perf/Rpc): its own tables, docs/perf/rpc.md and rpc.svg.
        if (options.Rpc && options.Selects("rpc"))
        {
            string? rpcDocs = options.WriteDocs ? options.OutputDirectory ?? (options.Filters.Count == 0 ? DefaultDocsDirectory() : null) : null;
            RpcQuick.Run(Console.Out, rpcDocs, RpcQuickOptions.Parse(options.RpcArgs), command, progress.Report);
        }
        // Streaming calls (Perf/Rpc/Streaming): Glue IAsyncEnumerable<T> against grpc-dotnet server streaming.
        if (options.Rpc && options.Selects(Rpc.Streaming.RpcStreamQuick.Key))
        {
            string? streamDocs = options.WriteDocs ? options.OutputDirectory ?? (options.Filters.Count == 0 ? DefaultDocsDirectory() : null) : null;
            Rpc.Streaming.RpcStreamQuick.Run(Console.Out, streamDocs, Rpc.Streaming.RpcStreamOptions.Parse(options.RpcArgs), command, progress.Report);
        }
        progress.Report($"done in {progress.Elapsed.TotalSeconds:0} s");
        return 0;
    }

    /// <summary>
    /// The load line, and a warning when the machine is busy (load above the core count), so a "missed" target on the
    /// console carries its likely reason.
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
              "and a missed target may be the load rather than the code. Compare ratios, or rerun on a quiet machine."
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
            progress.Report("docs/perf left as it is (pass --write-docs to regenerate it from this run)");
            return;
        }
        string? directory = run.Options.OutputDirectory;
        if (directory is null)
        {
            if (run.Options.Filters.Count > 0)
            {
                progress.Report("a filtered run does not overwrite docs/perf (give --out DIR to write it elsewhere)");
                return;
            }
            directory = DefaultDocsDirectory();
            if (directory is null)
            {
                progress.Report("repository root not found: docs/perf not written (give --out DIR)");
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
                SvgChart.Render(result, SlimDeepCloneContender.ContenderName, "clone", null));
        }
        progress.Report($"wrote {Path.Combine(directory, "quick-results.md")} and {run.Workloads.Count + run.Clones.Count} charts");
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
