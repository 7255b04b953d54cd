using System.Diagnostics;
using System.Globalization;
using System.Text;
using NFX.Perf.Quick;

namespace NFX.Perf.Rpc.Streaming;

/// <summary>
/// The streaming benchmark: Glue <c>IAsyncEnumerable&lt;T&gt;</c> against grpc-dotnet server streaming, client and
/// servers in separate processes on loopback, one stream at a time; items per second of S1 (1M small items) and S2
/// (10k items of 10x10 rows), in interleaved rounds, with the load average beside the ratio.
/// </summary>
public static class RpcStreamQuick
{
    /// <summary>The key a quick-run filter selects it by (<c>--filter stream</c>).</summary>
    public const string Key = "rpc-stream";

    /// <summary>The target: Glue streams at least this many times as many items per second as grpc-dotnet.</summary>
    public const double TargetRatio = 3.0;

    /// <summary>Runs it; prints the table to <paramref name="output"/>; writes rpc-stream.md into <paramref name="docsDirectory"/> when given.</summary>
    public static IReadOnlyList<StreamResult> Run(TextWriter output, string? docsDirectory, RpcStreamOptions options, string command, Action<string> progress)
    {
        var clock = Stopwatch.StartNew();
        MachineInfo machine = MachineInfo.Current();
        double? loadAtStart = MachineInfo.LoadAverage();
        RpcServerProcess? child = null;
        RpcServers? local = null;
        if (!options.InProcess)
        {
            child = RpcServerProcess.TryStart(progress, "rpc-stream");
        }
        local = child is null ? RpcServers.StartAsync().GetAwaiter().GetResult() : null;
        RpcPorts ports = child?.Ports ?? local!.Ports;
        StreamContender[] contenders = [new GlueStreamContender(), new GrpcStreamContender()];
        var results = new List<StreamResult>();
        try
        {
            foreach (StreamContender contender in contenders)
            {
                contender.ConnectAsync(ports).GetAwaiter().GetResult();
            }
            foreach (StreamWorkload workload in Enum.GetValues<StreamWorkload>())
            {
                int count = workload == StreamWorkload.Items ? options.Items : options.Rows;
                results.Add(Measure(contenders, workload, count, options.Rounds, progress));
            }
        }
        finally
        {
            foreach (StreamContender contender in contenders)
            {
                contender.DisposeAsync().AsTask().GetAwaiter().GetResult();
            }
            child?.Dispose();
            local?.DisposeAsync().AsTask().GetAwaiter().GetResult();
        }
        (double? Start, double? End) load = (loadAtStart, MachineInfo.LoadAverage());
        string table = Table(results, options, load, machine, child is not null);
        output.Write(table);
        if (docsDirectory is not null)
        {
            Directory.CreateDirectory(docsDirectory);
            File.WriteAllText(Path.Combine(docsDirectory, "rpc-stream.md"), Report(results, options, load, machine, child is not null, command, contenders));
            progress($"rpc-stream: wrote {Path.Combine(docsDirectory, "rpc-stream.md")}");
        }
        progress($"rpc-stream: done in {clock.Elapsed.TotalSeconds:0} s");
        return results;
    }

    /// <summary>The streaming targets: per workload, Glue's items per second at least <see cref="TargetRatio"/> times grpc-dotnet's.</summary>
    public static TargetTable Targets(IReadOnlyList<StreamResult> results) => new("RPC streaming",
    [
        .. results.Select(r => Target.Judged($"{Describe(r.Workload)}: Glue's items/s over grpc-dotnet's", $">= {TargetRatio:0}x",
            string.Create(CultureInfo.InvariantCulture, $"{r.Ratio:0.00}x"), r.Ratio >= TargetRatio, TargetKind.Timing)),
    ]);

    /// <summary>Warms each contender on a tenth of the stream, then times whole streams, alternating who goes first.</summary>
    private static StreamResult Measure(StreamContender[] contenders, StreamWorkload workload, int count, int rounds, Action<string> progress)
    {
        int warm = Math.Max(1, count / 10);
        foreach (StreamContender contender in contenders)
        {
            contender.ConsumeAsync(workload, warm).GetAwaiter().GetResult();
        }
        var rates = contenders.ToDictionary(c => c.Name, _ => new List<double>());
        for (int round = 0; round < rounds; round++)
        {
            IEnumerable<StreamContender> order = round % 2 == 0 ? contenders : contenders.Reverse();
            foreach (StreamContender contender in order)
            {
                GC.Collect();
                var watch = Stopwatch.StartNew();
                long received = contender.ConsumeAsync(workload, count).GetAwaiter().GetResult();
                watch.Stop();
                if (received != count)
                {
                    throw new InvalidOperationException($"{contender.Name} delivered {received} of {count} items.");
                }
                double rate = count / watch.Elapsed.TotalSeconds;
                rates[contender.Name].Add(rate);
                progress($"rpc-stream: {workload} {contender.Name} round {round + 1}: {rate:N0} items/s ({watch.Elapsed.TotalMilliseconds:0} ms)");
            }
        }
        return new StreamResult(workload, count, contenders.Select(c => (c.Name, Median(rates[c.Name]))).ToArray());
    }

    private static double Median(List<double> values)
    {
        values.Sort();
        int mid = values.Count / 2;
        return values.Count % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
    }

    private static string Table(IReadOnlyList<StreamResult> results, RpcStreamOptions options, (double? Start, double? End) load, MachineInfo machine, bool childProcess)
    {
        var text = new StringBuilder();
        text.AppendLine("## RPC streaming (server streaming, one stream at a time)");
        text.AppendLine();
        text.AppendLine(CultureInfo.InvariantCulture, $"Items per second, median of {options.Rounds} interleaved rounds; servers in {(childProcess ? "a child process" : "this process")} on loopback. Target: Glue >= {TargetRatio:0}x grpc-dotnet.");
        text.AppendLine();
        text.AppendLine("| workload | items | Glue items/s | grpc-dotnet items/s | Glue / grpc-dotnet | target |");
        text.AppendLine("|---|---:|---:|---:|---:|---|");
        foreach (StreamResult r in results)
        {
            double ratio = r.Ratio;
            text.AppendLine(CultureInfo.InvariantCulture,
                $"| {Describe(r.Workload)} | {r.Count:N0} | {r.Rate(GlueRpcContender.ContenderName):N0} | {r.Rate(GrpcRpcContender.ContenderName):N0} | {ratio:0.00}x | {(ratio >= TargetRatio ? "met" : "missed")} |");
        }
        text.AppendLine();
        text.AppendLine(QuickRunner.LoadLine(load.Start, load.End, machine.Cores));
        text.AppendLine();
        return text.ToString();
    }

    private static string Report(IReadOnlyList<StreamResult> results, RpcStreamOptions options, (double? Start, double? End) load, MachineInfo machine,
        bool childProcess, string command, StreamContender[] contenders)
    {
        var text = new StringBuilder();
        text.AppendLine("# RPC streaming: Glue vs grpc-dotnet server streaming");
        text.AppendLine();
        text.AppendLine(CultureInfo.InvariantCulture, $"Command: `{command}` on {machine}.");
        text.AppendLine();
        text.Append(Table(results, options, load, machine, childProcess));
        text.AppendLine("Method: one client process, the servers in another; each round makes one streaming call per contender and");
        text.AppendLine("consumes every item as it arrives (checked: the sum of S1's integers, S2's first item field by field); the");
        text.AppendLine("contender going first alternates by round; a stream a tenth as long warms each contender first.");
        text.AppendLine();
        foreach (StreamContender contender in contenders)
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"- **{contender.Name}**: {contender.Notes}");
        }
        return text.ToString();
    }

    private static string Describe(StreamWorkload workload) => workload == StreamWorkload.Items
        ? "S1 small items (one int)"
        : "S2 10x10 rows (W3's reply per item)";
}

/// <summary>One workload's medians per contender.</summary>
public sealed record StreamResult(StreamWorkload Workload, int Count, (string Contender, double ItemsPerSecond)[] Rates)
{
    /// <summary>A contender's median items per second.</summary>
    public double Rate(string contender) => Rates.Single(r => r.Contender == contender).ItemsPerSecond;

    /// <summary>Glue's rate over grpc-dotnet's.</summary>
    public double Ratio => Rate(GlueRpcContender.ContenderName) / Rate(GrpcRpcContender.ContenderName);
}
