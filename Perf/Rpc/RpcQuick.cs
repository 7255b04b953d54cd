using System.Diagnostics;
using NFX.Perf.Quick;
using NFX.Perf.Rpc.Thrift;

namespace NFX.Perf.Rpc;

/// <summary>
/// The RPC benchmark's quick run: Glue vs grpc-dotnet, protobuf-net.Grpc, Thrift and a raw-socket ping-pong, on loopback,
/// W1-W3 with many calls in flight and one at a time. Prints markdown tables; writes docs/perf/rpc.md and rpc.svg.
/// </summary>
public static class RpcQuick
{
    /// <summary>The verb that runs only this part: <c>NFX.Slim.Perf rpc</c>.</summary>
    public const string Verb = "rpc";

    /// <summary>Runs the benchmark; prints the tables to <paramref name="output"/>; writes the report into <paramref name="docsDirectory"/> when given.</summary>
    public static RpcResults Run(TextWriter output, string? docsDirectory, RpcQuickOptions? options = null, string? command = null,
        Action<string>? progress = null)
    {
        options ??= new RpcQuickOptions();
        progress ??= message => Console.Error.WriteLine(message);
        var clock = Stopwatch.StartNew();
        double? loadAtStart = MachineInfo.LoadAverage();
        RpcServerProcess? child = null;
        RpcServers? local = null;
        if (!options.InProcess)
        {
            child = RpcServerProcess.TryStart(progress, "rpc");
        }
        if (child is null)
        {
            local = RpcServers.StartAsync().GetAwaiter().GetResult();
        }
        RpcPorts ports = child?.Ports ?? local!.Ports;
        progress($"rpc: servers up ({(child is null ? "in this process" : "child process")}): Glue :{ports.Glue}, gRPC :{ports.Grpc}, Thrift :{ports.ThriftBinary}/{ports.ThriftCompact}, raw :{ports.Raw}");

        RpcContender[] contenders =
        [
            new GlueRpcContender(),
            new GrpcRpcContender(),
            new ProtobufNetGrpcRpcContender(),
            new ThriftRpcContender(ThriftProtocolKind.Binary),
            new ThriftRpcContender(ThriftProtocolKind.Compact),
            new RawSocketRpcContender(),
        ];
        // Only in the rows with the most callers of W4: gRPC in its documented best configuration.
        RpcContender[] bestOnly = options.Big ? [new GrpcRpcContender(multipleConnections: true), new ProtobufNetGrpcRpcContender(multipleConnections: true)] : [];
        var cells = new List<RpcCell>();
        try
        {
            foreach (RpcContender contender in contenders.Where(c => c.Unavailable is null))
            {
                contender.ConnectAsync(ports).GetAwaiter().GetResult();
            }
            var measurer = new RpcMeasurer(options, child is null ? null : child.AllocatedBytes);
            foreach (RpcContender contender in contenders.Where(c => c.Unavailable is null))
            {
                RpcMeasurer.WarmAsync(contender, contender.SupportsConcurrency ? options.Callers : 1, options.WarmupPerWorkload(contender)).GetAwaiter().GetResult();
            }
            progress("rpc: warmed up");
            foreach (RpcWorkload workload in RpcWorkloads.Small)
            {
                // Each caller count: the contenders that can run it, in interleaved rounds; the others as n/a.
                RpcContender[] concurrent = contenders.Where(c => c.Unavailable is null && c.SupportsConcurrency).ToArray();
                RpcContender[] runnable = contenders.Where(c => c.Unavailable is null).ToArray();
                RpcCell[] many = MeasureRounds(measurer, concurrent, workload, options.Callers, progress);
                RpcCell[] single = MeasureRounds(measurer, runnable, workload, 1, progress);
                foreach (RpcContender contender in contenders)
                {
                    int at = Array.IndexOf(concurrent, contender);
                    cells.Add(at >= 0 ? many[at] : RpcCell.NotRun(contender.Name, workload, options.Callers, CellStatus.NotApplicable,
                        contender.Unavailable ?? "one message in flight by design (the baseline for one-at-a-time latency)"));
                    at = Array.IndexOf(runnable, contender);
                    cells.Add(at >= 0 ? single[at] : RpcCell.NotRun(contender.Name, workload, 1, CellStatus.NotApplicable, contender.Unavailable!));
                }
            }
            if (options.Big)
            {
                foreach (RpcContender contender in bestOnly.Where(c => c.Unavailable is null))
                {
                    contender.ConnectAsync(ports).GetAwaiter().GetResult();
                }
                cells.AddRange(MeasureBig(options, child is null ? null : child.AllocatedBytes, contenders, bestOnly, progress));
            }
        }
        finally
        {
            foreach (RpcContender contender in contenders.Concat(bestOnly))
            {
                contender.DisposeAsync().AsTask().GetAwaiter().GetResult();
            }
            child?.Dispose();
            local?.DisposeAsync().AsTask().GetAwaiter().GetResult();
        }

        var results = new RpcResults(options, MachineInfo.Current(), child is not null,
            command ?? "dotnet run -c Release --project Perf -- " + Verb, clock.Elapsed, (loadAtStart, MachineInfo.LoadAverage()),
            [.. contenders, .. bestOnly], cells);
        output.Write(RpcReport.Tables(results));
        output.WriteLine("## RPC targets");
        output.WriteLine();
        output.WriteLine(QuickRunner.LoadLine(results.Load.Start, results.Load.End, results.Machine.Cores));
        output.WriteLine(RpcReport.Targets(results));
        if (docsDirectory is not null)
        {
            Directory.CreateDirectory(docsDirectory);
            File.WriteAllText(Path.Combine(docsDirectory, "rpc.md"), RpcReport.Build(results));
            File.WriteAllText(Path.Combine(docsDirectory, "rpc.svg"), RpcChart.Render(results));
            progress($"rpc: wrote {Path.Combine(docsDirectory, "rpc.md")} and rpc.svg");
        }
        progress($"rpc: done in {clock.Elapsed.TotalSeconds:0} s");
        return results;
    }

    /// <summary>
    /// Entry point of <c>NFX.Slim.Perf rpc [--write-docs] [--out DIR] [rpc options]</c>: console only unless
    /// <c>--write-docs</c> (docs/perf) or <c>--out DIR</c> says where to write the report.
    /// </summary>
    public static int RunStandalone(IReadOnlyList<string> args, string? defaultDocsDirectory)
    {
        string? directory = null;
        for (int i = 0; i < args.Count; i++)
        {
            if (args[i] == "--out" && i + 1 < args.Count)
            {
                directory = args[++i];
            }
            else if (args[i] == "--write-docs")
            {
                directory ??= defaultDocsDirectory;
            }
        }
        Run(Console.Out, directory, RpcQuickOptions.Parse(args), "dotnet run -c Release --project Perf -- " + string.Join(' ', new[] { Verb }.Concat(args)));
        return 0;
    }

    /// <summary>
    /// W4 and W5: each big workload with one caller and with <see cref="RpcQuickOptions.BigCallers"/> (every contender
    /// that runs it), then W4 with <see cref="RpcQuickOptions.BestCallers"/>: Glue beside both gRPC contenders on one
    /// connection and on several. Short measuring windows (<see cref="RpcQuickOptions.BigBudget"/>), every answer checked.
    /// </summary>
    private static List<RpcCell> MeasureBig(RpcQuickOptions options, Func<long>? serverAllocatedBytes, RpcContender[] contenders,
        RpcContender[] bestOnly, Action<string> progress)
    {
        var clock = Stopwatch.StartNew();
        var measurer = new RpcMeasurer(options with { Budget = options.BigBudget, Warmup = options.BigWarmup, DbWorkCalls = null, MinCallsPerRound = options.BigMinCallsPerRound }, serverAllocatedBytes);
        var cells = new List<RpcCell>();
        string[] best = [GlueRpcContender.ContenderName, GrpcRpcContender.ContenderName, ProtobufNetGrpcRpcContender.ContenderName];
        foreach (RpcWorkload workload in RpcWorkloads.Big)
        {
            RpcContender[] runnable = contenders.Where(c => c.Unavailable is null && c.CannotRun(workload) is null).ToArray();
            foreach (int callers in new[] { 1, options.BigCallers })
            {
                cells.AddRange(MeasureRounds(measurer, runnable, workload, callers, progress));
            }
            if (workload is not (RpcWorkload.Bytes64K or RpcWorkload.Rows64K))
            {
                continue;
            }
            RpcContender[] group = [.. runnable.Where(c => best.Contains(c.Name)), .. bestOnly.Where(c => c.Unavailable is null)];
            cells.AddRange(MeasureRounds(measurer, group, workload, options.BestCallers, progress));
            foreach (RpcContender contender in runnable.Where(c => !best.Contains(c.Name)))
            {
                cells.Add(RpcCell.NotRun(contender.Name, workload, options.BestCallers, CellStatus.NotApplicable,
                    "a pool of one-call-at-a-time connections: not run with this many callers (the row shows gRPC's connection settings)"));
            }
        }
        progress($"rpc: W4/W5 (big messages) done in {clock.Elapsed.TotalSeconds:0} s");
        return cells;
    }

    private static RpcCell[] MeasureRounds(RpcMeasurer measurer, RpcContender[] contenders, RpcWorkload workload, int callers, Action<string> progress)
    {
        RpcCell[] cells;
        try
        {
            cells = measurer.MeasureInterleavedAsync(contenders, workload, callers).GetAwaiter().GetResult();
        }
        catch (Exception e)
        {
            cells = contenders.Select(c => RpcCell.NotRun(c.Name, workload, callers, CellStatus.Failed, $"{e.GetType().Name}: {e.Message}")).ToArray();
        }
        foreach (RpcCell cell in cells)
        {
            Report(cell, progress);
        }
        return cells;
    }

    private static void Report(RpcCell cell, Action<string> progress) =>
        progress(cell.Status == CellStatus.Measured
            ? $"rpc: {cell.Workload} {cell.Contender} x{cell.Callers}: {cell.CallsPerSecond:N0} calls/s, p50 {cell.P50Micros:0.0} µs"
            : $"rpc: {cell.Workload} {cell.Contender} x{cell.Callers}: {cell.Status} {cell.Reason}");
}
