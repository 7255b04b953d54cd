using System.Text;
using NFX.Perf.Quick;

namespace NFX.Perf.Rpc;

/// <summary>Renders an RPC run as markdown: targets, one table per workload, how each contender is set up.</summary>
public static class RpcReport
{
    private const string Glue = GlueRpcContender.ContenderName;
    private const string Grpc = GrpcRpcContender.ContenderName;
    private const string Raw = RawSocketRpcContender.ContenderName;
    private const string CodeFirst = ProtobufNetGrpcRpcContender.ContenderName;
    private const string GrpcMulti = Grpc + global::NFX.Perf.Rpc.Grpc.GrpcChannels.MultipleSuffix;
    private static readonly string s_thriftBinary = ThriftRpcContender.NameOf(Thrift.ThriftProtocolKind.Binary);
    private static readonly string s_thriftCompact = ThriftRpcContender.NameOf(Thrift.ThriftProtocolKind.Compact);

    /// <summary>The whole report (docs/perf/rpc.md).</summary>
    public static string Build(RpcResults results)
    {
        var text = new StringBuilder();
        text.AppendLine("# RPC side by side: Glue vs grpc-dotnet vs protobuf-net.Grpc vs Thrift vs a raw socket (quick mode)").AppendLine();
        text.AppendLine($"Machine: {results.Machine}.  ");
        if (results.Load.Start is double start)
        {
            text.AppendLine(Quick.MachineInfo.DescribeLoad(start, results.Load.End, results.Machine.Cores));
        }
        text.AppendLine($"Command: `{results.Command}` ({results.Elapsed.TotalSeconds:0} s for the RPC part).").AppendLine();
        text.AppendLine(Method(results)).AppendLine();
        text.AppendLine("## Targets").AppendLine();
        text.AppendLine(Targets(results)).AppendLine();
        text.AppendLine("## Results").AppendLine();
        text.AppendLine("Chart: [rpc.svg](rpc.svg) (calls per second, log scale).").AppendLine();
        text.Append(Tables(results));
        text.AppendLine("## How each contender is set up").AppendLine();
        foreach (RpcContender contender in results.Contenders)
        {
            text.AppendLine($"- **{contender.Name}**: {contender.Notes}");
        }
        text.AppendLine();
        return text.ToString();
    }

    /// <summary>How the numbers were taken (one paragraph).</summary>
    public static string Method(RpcResults results)
    {
        string w3 = results.Options.DbWorkCalls is int n
            ? $"W3 times exactly {n:N0} calls per cell"
            : "W3 runs for the same fixed time as the others (the ancestor's benchmark made exactly 64,000 calls per cell instead: `--rpc-w3-calls 64000`)";
        string placement = results.SeparateProcesses
            ? "Client and servers ran as separate processes on loopback (the Perf executable starts itself as the server with `rpc-server`); " +
              "allocation per call is measured in each process: `GC.GetTotalAllocatedBytes` delta / calls, client and server apart."
            : "Client and servers ran in one process (loopback sockets); allocation per call counts both ends together.";
        return $"{placement} Each cell checks one answer, warms up for {results.Options.Warmup.TotalMilliseconds:0} ms with the same " +
            $"callers, then times about {results.Options.Budget.TotalSeconds:0.#} s of calls; {w3}. The contenders of a row group are timed in " +
            $"{RpcMeasurer.Rounds} interleaved rounds (each a third of the time in turn), so load from elsewhere on the machine hits them alike. " +
            $"Callers {results.Options.Callers} = that many concurrent callers, each awaiting its call before the next " +
            "(many calls in flight); callers 1 = one call at a time. p50/p99: latency of a single call as its caller saw it " +
            "(with many in flight it includes queueing). Workloads: W1 `int Sum(int, int)`; W2 echo of a 100-byte string; " +
            "W3 \"DBWork\": each call returns 10 rows x 10 fields (ints, longs, a double, a bool, strings, a DateTime). " +
            (results.Options.Big
                ? $"W4 and W5 (big messages, their own tables after W3): 64 KB and 1 MB each way, with 1 and {results.Options.BigCallers} callers " +
                  $"(W4 also {results.Options.BestCallers}), about {results.Options.BigBudget.TotalSeconds:0.#} s of calls per cell, every answer checked."
                : "W4 and W5 (big messages) were skipped (`--rpc-no-big`).");
    }

    /// <summary>The per-workload tables.</summary>
    public static string Tables(RpcResults results)
    {
        var text = new StringBuilder();
        foreach (RpcWorkload workload in RpcWorkloads.Small)
        {
            int timed = results.Cells.Where(c => c.Workload == workload && c.Status == CellStatus.Measured).Select(c => c.Calls).DefaultIfEmpty().Max();
            text.AppendLine($"### {Title(workload)}").AppendLine();
            text.AppendLine("| Contender | Callers | Calls/s | vs grpc-dotnet | p50 | p99 | Alloc/call client | Alloc/call server | Calls timed |");
            text.AppendLine("|---|--:|--:|--:|--:|--:|--:|--:|--:|");
            foreach (RpcCell cell in results.Cells.Where(c => c.Workload == workload))
            {
                if (cell.Status != CellStatus.Measured)
                {
                    string status = cell.Status == CellStatus.NotApplicable ? "n/a" : "FAILED";
                    text.AppendLine($"| {cell.Contender} | {cell.Callers} | {status} | | | | | | {status}: {Format.Cell(cell.Reason ?? "")} |");
                    continue;
                }
                double? grpc = results.Rate(Grpc, workload, cell.Callers);
                string server = cell.ServerAllocPerCall is double s ? Format.ApproxBytes(s) : "(in client)";
                text.AppendLine($"| {cell.Contender} | {cell.Callers} | {cell.CallsPerSecond:N0} | {(grpc is double g ? Format.Ratio(cell.CallsPerSecond, g) : "-")} " +
                    $"| {Micros(cell.P50Micros)} | {Micros(cell.P99Micros)} | {Format.ApproxBytes(cell.ClientAllocPerCall)} | {server} | {cell.Calls:N0} |");
            }
            text.AppendLine();
            text.AppendLine($"Payload objects alone (included above; any deserializer allocates them): the result {RpcData.ResultPayloadBytes(workload):N0} B on the client, " +
                $"the arguments {RpcData.ArgsPayloadBytes(workload):N0} B on the server (Glue's framework share is the rest; see the targets).").AppendLine();
            if (workload == RpcWorkload.DbWork && results.Options.DbWorkCalls is null)
            {
                text.AppendLine($"W3 here runs each cell for a fixed time (about {results.Options.Budget.TotalSeconds:0.#} s), not for a fixed number of calls: " +
                    $"the most calls any cell completed was {timed:N0} (column \"Calls timed\"). The ancestor's benchmark made exactly 64,000 calls per cell; " +
                    "`--rpc-w3-calls 64000` does the same here. Calls/s is a rate, so the two compare either way.").AppendLine();
            }
        }
        text.Append(BigTables(results));
        return text.ToString();
    }

    /// <summary>
    /// The W4/W5 tables: per size and form, every contender with one caller and with many, then (W4) the most callers,
    /// gRPC on one connection and on several; calls/s and MB/s (argument and result payload counted), latency, allocation.
    /// </summary>
    public static string BigTables(RpcResults results)
    {
        var text = new StringBuilder();
        foreach (RpcWorkload workload in RpcWorkloads.Big.Where(w => results.Cells.Any(c => c.Workload == w)))
        {
            text.AppendLine($"### {Title(workload)}").AppendLine();
            text.AppendLine("| Contender | Callers | Calls/s | MB/s | vs grpc-dotnet (MB/s) | p50 | p99 | Alloc/call client | Alloc/call server | Calls timed |");
            text.AppendLine("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
            foreach (RpcCell cell in results.Cells.Where(c => c.Workload == workload).OrderBy(c => c.Callers))
            {
                if (cell.Status != CellStatus.Measured)
                {
                    string status = cell.Status == CellStatus.NotApplicable ? "n/a" : "FAILED";
                    text.AppendLine($"| {cell.Contender} | {cell.Callers} | {status} | | | | | | | {status}: {Format.Cell(cell.Reason ?? "")} |");
                    continue;
                }
                double? grpc = MegabytesPerSecond(results, Grpc, workload, cell.Callers);
                string server = cell.ServerAllocPerCall is double s ? Format.ApproxBytes(s) : "(in client)";
                double mb = MegabytesPerSecond(cell);
                text.AppendLine($"| {cell.Contender} | {cell.Callers} | {cell.CallsPerSecond:N0} | {mb:N1} | {(grpc is double g && g > 0 ? Format.Ratio(mb, g) : "-")} " +
                    $"| {Micros(cell.P50Micros)} | {Micros(cell.P99Micros)} | {Format.ApproxBytes(cell.ClientAllocPerCall)} | {server} | {cell.Calls:N0} |");
            }
            text.AppendLine();
        }
        if (results.Cells.Any(c => RpcWorkloads.IsBig(c.Workload)))
        {
            DbRow[] w4 = RpcData.BigRows(RpcWorkloads.W4Bytes), w5 = RpcData.BigRows(RpcWorkloads.W5Bytes);
            text.AppendLine($"W4 and W5: the argument and the result each carry the payload (the server echoes what it received), so MB/s = calls/s x 2 x " +
                $"{RpcWorkloads.W4Bytes / 1024} KiB (W4) or {RpcWorkloads.W5Bytes / 1024 / 1024} MiB (W5), in 10^6 bytes. The rows form sends W3's ten-field rows, " +
                $"every string its own object, {w4.Length:N0} rows (W4) and {w5.Length:N0} rows (W5): as many as it takes for their field data (strings as " +
                "UTF-8, numbers at their width) to reach the size. Every answer is compared whole with what was sent. A cell makes at least " +
                $"{results.Options.BigMinCallsPerRound} calls per round, past its time if need be. The rows with " +
                $"{results.Options.BestCallers} callers run on W4 only (W5 with that many callers would hold {results.Options.BestCallers} MiB in flight each way per wave of calls, " +
                $"too long for quick mode; `--rpc-best-callers` changes the count); `{GrpcMulti}` and the same for {CodeFirst} are the " +
                "contenders with `EnableMultipleHttp2Connections = true`, the others use one HTTP/2 connection.").AppendLine();
        }
        return text.ToString();
    }

    /// <summary>Payload megabytes (10^6 bytes) per second of a measured big cell: argument and result counted.</summary>
    public static double MegabytesPerSecond(RpcCell cell) => cell.CallsPerSecond * 2.0 * RpcWorkloads.PayloadBytes(cell.Workload) / 1e6;

    private static double? MegabytesPerSecond(RpcResults results, string contender, RpcWorkload workload, int callers) =>
        results.Cell(contender, workload, callers) is { Status: CellStatus.Measured } cell && cell.Calls > 0 ? MegabytesPerSecond(cell) : null;

    /// <summary>The RPC targets as a markdown table (met / missed / not measured).</summary>
    public static string Targets(RpcResults results) => Evaluate(results).ToMarkdown();

    /// <summary>The RPC targets: throughput against each peer, one-at-a-time latency, Glue's own allocation per call.</summary>
    public static TargetTable Evaluate(RpcResults results)
    {
        int many = results.Options.Callers;
        var targets = new List<Target>();
        double? w1 = Timed(results, Glue, RpcWorkload.Sum, many);
        targets.Add(w1 is double a
            ? Target.Judged("W1 Glue calls/s", ">= 250,000", $"{a:N0} calls/s ({many} callers)", a >= 250_000, TargetKind.Timing)
            : Target.NotMeasured("W1 Glue calls/s", ">= 250,000", NotTimed(results, Glue, RpcWorkload.Sum, many), TargetKind.Timing));
        foreach ((RpcWorkload workload, double grpcGoal, double codeFirstGoal) in new[] { (RpcWorkload.Sum, 8.0, 5.0), (RpcWorkload.DbWork, 4.0, 4.0) })
        {
            double? glue = Timed(results, Glue, workload, many);
            foreach ((string peer, double goal) in new[] { (Grpc, grpcGoal), (CodeFirst, codeFirstGoal) })
            {
                double? other = Timed(results, peer, workload, many);
                targets.Add(Faster($"{Short(workload)} Glue calls/s over {peer}'s ({many} callers)", goal, glue, other,
                    glue is null ? NotTimed(results, Glue, workload, many) : NotTimed(results, peer, workload, many)));
            }
            // Against the faster of the two Thrift protocols, so the target holds for both.
            double? thrift = Max(Timed(results, s_thriftBinary, workload, many), Timed(results, s_thriftCompact, workload, many));
            targets.Add(Faster($"{Short(workload)} Glue calls/s over Thrift's (the faster protocol, {many} callers)", 8, glue, thrift,
                glue is null ? NotTimed(results, Glue, workload, many) : "neither Thrift protocol completed a call"));
        }
        foreach (RpcWorkload workload in new[] { RpcWorkload.Sum, RpcWorkload.DbWork })
        {
            targets.Add(Latency(results, workload, Grpc, $"{Short(workload)} one-at-a-time p50 no worse than {Grpc}'s", "<= 1x", 1));
        }
        foreach (RpcWorkload workload in RpcWorkloads.Small)
        {
            targets.Add(Latency(results, workload, Raw, $"{Short(workload)} one-at-a-time p50 within 2x of the raw socket", "<= 2x", 2));
        }
        targets.AddRange(BigTargets(results));
        foreach (RpcWorkload workload in RpcWorkloads.Small)
        {
            RpcCell? glue = results.Cell(Glue, workload, many);
            if (glue is not { Status: CellStatus.Measured } || glue.Calls == 0)
            {
                continue;
            }
            // The framework's share: what was allocated minus the payload objects any receiver must create.
            double client = glue.ClientAllocPerCall - RpcData.ResultPayloadBytes(workload);
            double? server = glue.ServerAllocPerCall - RpcData.ArgsPayloadBytes(workload);
            bool met = server is double sv ? client <= 256 && sv <= 256 : client - RpcData.ArgsPayloadBytes(workload) <= 512;
            targets.Add(Target.Judged($"{Short(workload)} Glue framework allocation per call per side ({many} callers; payload objects excluded)", "<= 256 B",
                server is double v
                    ? $"client {Format.ApproxBytes(client)}, server {Format.ApproxBytes(v)} (totals {Format.ApproxBytes(glue.ClientAllocPerCall)} / {Format.ApproxBytes(glue.ServerAllocPerCall!.Value)})"
                    : $"both ends {Format.ApproxBytes(client - RpcData.ArgsPayloadBytes(workload))} (one process)",
                met, TargetKind.Structural));
        }
        return new TargetTable("RPC", targets);
    }

    /// <summary>
    /// W4/W5: Glue's MB/s no lower than grpc-dotnet's, each size and form, with the many-callers count; and on W4 with
    /// the most callers against grpc-dotnet's better configuration (one connection or several). None when W4/W5 did not run.
    /// </summary>
    private static IEnumerable<Target> BigTargets(RpcResults results)
    {
        if (!results.Cells.Any(c => RpcWorkloads.IsBig(c.Workload)))
        {
            yield break;
        }
        foreach (RpcWorkload workload in RpcWorkloads.Big)
        {
            int callers = results.Options.BigCallers;
            yield return MegabytesTarget(results, workload, callers, [Grpc], $"{Short(workload)} {RpcWorkloads.Form(workload)}: Glue MB/s no lower than {Grpc}'s ({callers} callers)");
            if (workload is RpcWorkload.Bytes64K or RpcWorkload.Rows64K)
            {
                callers = results.Options.BestCallers;
                yield return MegabytesTarget(results, workload, callers, [Grpc, GrpcMulti],
                    $"{Short(workload)} {RpcWorkloads.Form(workload)}: Glue MB/s no lower than {Grpc}'s best, one connection or several ({callers} callers)");
            }
        }
    }

    private static Target MegabytesTarget(RpcResults results, RpcWorkload workload, int callers, string[] peers, string name)
    {
        const string Goal = ">= 1x";
        RpcCell? glue = results.Cell(Glue, workload, callers);
        if (glue is not { Status: CellStatus.Measured } || glue.Calls == 0)
        {
            return Target.NotMeasured(name, Goal, NotTimed(results, Glue, workload, callers), TargetKind.Timing);
        }
        (string Peer, double Rate)[] measured = [.. peers.Select(p => (p, MegabytesPerSecond(results, p, workload, callers)))
            .Where(p => p.Item2 is double r && r > 0).Select(p => (p.p, p.Item2!.Value))];
        if (measured.Length == 0)
        {
            return Target.NotMeasured(name, Goal, NotTimed(results, peers[0], workload, callers), TargetKind.Timing);
        }
        (string peer, double best) = measured.MaxBy(p => p.Rate);
        double mine = MegabytesPerSecond(glue);
        return Target.Judged(name, Goal, $"{mine:N1} vs {best:N1} MB/s ({peer}) = {Format.Ratio(mine, best)}", mine >= best, TargetKind.Timing);
    }

    private static Target Faster(string name, double goal, double? glue, double? other, string whyNot) =>
        glue is double g && other is double o
            ? Target.Judged(name, $">= {goal:0}x", Ratio(g, o), g / o >= goal, TargetKind.Timing)
            : Target.NotMeasured(name, $">= {goal:0}x", whyNot, TargetKind.Timing);

    private static Target Latency(RpcResults results, RpcWorkload workload, string peer, string name, string goal, double factor)
    {
        RpcCell? glue = results.Cell(Glue, workload, 1);
        RpcCell? other = results.Cell(peer, workload, 1);
        return glue?.Status == CellStatus.Measured && other?.Status == CellStatus.Measured
            ? Target.Judged(name, goal, $"{Micros(glue.P50Micros)} vs {Micros(other.P50Micros)} ({Format.Ratio(glue.P50Micros, other.P50Micros)})",
                glue.P50Micros <= factor * other.P50Micros, TargetKind.Timing)
            : Target.NotMeasured(name, goal, glue?.Status == CellStatus.Measured ? NotTimed(results, peer, workload, 1) : NotTimed(results, Glue, workload, 1),
                TargetKind.Timing);
    }

    /// <summary>Why a cell has no rate: not run, n/a or failed with its reason, or no call completed in the budget.</summary>
    private static string NotTimed(RpcResults results, string contender, RpcWorkload workload, int callers) => results.Cell(contender, workload, callers) switch
    {
        null => $"{contender} not run",
        { Status: CellStatus.NotApplicable } cell => $"{contender} n/a: {cell.Reason}",
        { Status: CellStatus.Failed } cell => $"{contender} FAILED: {cell.Reason}",
        _ => $"{contender} completed no call in the time budget",
    };

    private static string Ratio(double value, double reference) => $"{value:N0} vs {reference:N0} calls/s = {Format.Ratio(value, reference)}";

    // A cell whose callers completed no call in the budget (a starved, overloaded machine) has no rate to compare.
    private static double? Timed(RpcResults results, string contender, RpcWorkload workload, int callers) =>
        results.Rate(contender, workload, callers) is double rate && rate > 0 ? rate : null;

    private static double? Max(double? a, double? b) => a is null ? b : b is null ? a : Math.Max(a.Value, b.Value);

    private static string Title(RpcWorkload workload) => workload switch
    {
        RpcWorkload.Sum => "W1: `int Sum(int, int)`",
        RpcWorkload.Echo => "W2: echo of a 100-byte string",
        RpcWorkload.DbWork => "W3: \"DBWork\", 10 rows x 10 fields per call",
        RpcWorkload.Bytes64K => "W4: 64 KB each way, a byte[]",
        RpcWorkload.Rows64K => $"W4: 64 KB each way, {RpcData.BigRows(RpcWorkloads.W4Bytes).Length:N0} rows",
        RpcWorkload.Bytes1M => "W5: 1 MB each way, a byte[]",
        _ => $"W5: 1 MB each way, {RpcData.BigRows(RpcWorkloads.W5Bytes).Length:N0} rows",
    };

    private static string Short(RpcWorkload workload) => RpcWorkloads.Short(workload);

    private static string Micros(double micros) => double.IsNaN(micros) ? "-" : Format.Time(micros * 1000);
}
