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
            : "W3 is timed like the others (the ancestor's 64,000 calls per cell: `--rpc-w3-calls 64000`; quick mode times fewer and says how many)";
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
            "W3 \"DBWork\": each call returns 10 rows x 10 fields (ints, longs, a double, a bool, strings, a DateTime).";
    }

    /// <summary>The per-workload tables.</summary>
    public static string Tables(RpcResults results)
    {
        var text = new StringBuilder();
        foreach (RpcWorkload workload in Enum.GetValues<RpcWorkload>())
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
                text.AppendLine($"W3 in quick mode: each cell is timed for a fixed time, not a fixed count; the busiest cell fit {timed:N0} calls " +
                    "(column \"Calls timed\"). The ancestor timed exactly 64,000 calls per cell; `--rpc-w3-calls 64000` does that. " +
                    "Calls/s is a rate, so it compares either way.").AppendLine();
            }
        }
        return text.ToString();
    }

    /// <summary>The issue's targets, each with the measured value and met / missed.</summary>
    public static string Targets(RpcResults results)
    {
        int many = results.Options.Callers;
        var text = new StringBuilder();
        text.AppendLine("| Target | Measured | Met |");
        text.AppendLine("|---|---|---|");
        double? w1 = results.Rate(Glue, RpcWorkload.Sum, many);
        Row(text, "W1 Glue >= 250,000 calls/s", w1 is double a ? $"{a:N0} calls/s ({many} callers)" : "not measured", w1 >= 250_000);
        foreach ((RpcWorkload workload, double grpcGoal, double codeFirstGoal) in new[] { (RpcWorkload.Sum, 6.0, 5.0), (RpcWorkload.DbWork, 4.0, 4.0) })
        {
            double? glue = Timed(results, Glue, workload, many);
            foreach ((string peer, double goal) in new[] { (Grpc, grpcGoal), (CodeFirst, codeFirstGoal) })
            {
                double? other = Timed(results, peer, workload, many);
                Row(text, $"{Short(workload)} Glue >= {goal:0}x {peer} ({many} callers)", Ratio(glue, other), AtLeast(glue / other, goal));
            }
            // Against the faster of the two Thrift protocols, so the target holds for both.
            double? thrift = Max(Timed(results, s_thriftBinary, workload, many), Timed(results, s_thriftCompact, workload, many));
            Row(text, $"{Short(workload)} Glue >= 8x Thrift (the faster protocol, {many} callers)", Ratio(glue, thrift), AtLeast(glue / thrift, 8));
        }
        foreach (RpcWorkload workload in new[] { RpcWorkload.Sum, RpcWorkload.DbWork })
        {
            RpcCell? glue = results.Cell(Glue, workload, 1);
            RpcCell? grpc = results.Cell(Grpc, workload, 1);
            bool measured = glue?.Status == CellStatus.Measured && grpc?.Status == CellStatus.Measured;
            Row(text, $"{Short(workload)} one-at-a-time p50 no worse than {Grpc}'s",
                measured ? $"{Micros(glue!.P50Micros)} vs {Micros(grpc!.P50Micros)} ({Format.Ratio(glue.P50Micros, grpc.P50Micros)})" : "not measured",
                measured ? glue!.P50Micros <= grpc!.P50Micros : null);
        }
        foreach (RpcWorkload workload in Enum.GetValues<RpcWorkload>())
        {
            RpcCell? glue = results.Cell(Glue, workload, 1);
            RpcCell? raw = results.Cell(Raw, workload, 1);
            bool measured = glue?.Status == CellStatus.Measured && raw?.Status == CellStatus.Measured;
            Row(text, $"{Short(workload)} one-at-a-time p50 within 2x of the raw socket",
                measured ? $"{Micros(glue!.P50Micros)} vs {Micros(raw!.P50Micros)} ({Format.Ratio(glue.P50Micros, raw.P50Micros)})" : "not measured",
                measured ? glue!.P50Micros <= 2 * raw!.P50Micros : null);
        }
        foreach (RpcWorkload workload in Enum.GetValues<RpcWorkload>())
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
            Row(text, $"{Short(workload)} Glue framework allocation <= 256 B per call per side ({many} callers; payload objects excluded)",
                server is double v
                    ? $"client {Format.ApproxBytes(client)}, server {Format.ApproxBytes(v)} (totals {Format.ApproxBytes(glue.ClientAllocPerCall)} / {Format.ApproxBytes(glue.ServerAllocPerCall!.Value)})"
                    : $"both ends {Format.ApproxBytes(client - RpcData.ArgsPayloadBytes(workload))} (one process)",
                met);
        }
        return text.ToString();
    }

    private static void Row(StringBuilder text, string target, string measured, bool? met) =>
        text.AppendLine($"| {target} | {measured} | {(met is null ? "-" : met.Value ? "yes" : "**no**")} |");

    private static string Ratio(double? value, double? reference) =>
        value is double v && reference is double r ? $"{v:N0} vs {r:N0} calls/s = {Format.Ratio(v, r)}" : "not measured";

    // A cell whose callers completed no call in the budget (a starved, overloaded machine) has no rate to compare.
    private static double? Timed(RpcResults results, string contender, RpcWorkload workload, int callers) =>
        results.Rate(contender, workload, callers) is double rate && rate > 0 ? rate : null;

    private static bool? AtLeast(double? ratio, double goal) => ratio is double r ? r >= goal : null;

    private static double? Max(double? a, double? b) => a is null ? b : b is null ? a : Math.Max(a.Value, b.Value);

    private static string Title(RpcWorkload workload) => workload switch
    {
        RpcWorkload.Sum => "W1: `int Sum(int, int)`",
        RpcWorkload.Echo => "W2: echo of a 100-byte string",
        _ => "W3: \"DBWork\", 10 rows x 10 fields per call",
    };

    private static string Short(RpcWorkload workload) => workload switch
    {
        RpcWorkload.Sum => "W1",
        RpcWorkload.Echo => "W2",
        _ => "W3",
    };

    private static string Micros(double micros) => double.IsNaN(micros) ? "-" : Format.Time(micros * 1000);
}
