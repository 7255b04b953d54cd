using System.Globalization;
using NFX.Perf.Workloads;

namespace NFX.Perf.Quick;

/// <summary>Command line of <c>quick</c>: <c>[--filter a,b] [--loop N] [--budget-ms N] [--write-docs] [--out DIR] [--no-rpc] [--rpc-*]</c>.</summary>
public sealed record QuickOptions
{
    /// <summary>Workload keys (substrings, case-insensitive) to run; empty = all.</summary>
    public IReadOnlyList<string> Filters { get; init; } = [];

    /// <summary>Perzon loop length (quick default 20,000; the ancestor's 500,000 with <c>--loop 500000</c>).</summary>
    public int PerzonLoop { get; init; } = WorkloadCatalog.QuickPerzonLoop;

    /// <summary>Timing budget per measured direction.</summary>
    public TimeSpan Budget { get; init; } = TimeSpan.FromMilliseconds(200);

    /// <summary>Where the report and charts go; null = docs/perf of the repository (only for a full run).</summary>
    public string? OutputDirectory { get; init; }

    /// <summary>
    /// True (<c>--write-docs</c>, or <c>--out DIR</c>) to write the report and charts; by default the run only prints
    /// to the console and leaves the tracked docs/perf alone.
    /// </summary>
    public bool WriteDocs { get; init; }

    /// <summary>How long a child-process probe may take.</summary>
    public TimeSpan ProbeTimeout { get; init; } = TimeSpan.FromSeconds(120);

    /// <summary>False (<c>--no-rpc</c>) to skip the RPC benchmark (Perf/Rpc); a filtered run includes it only when a filter matches "rpc".</summary>
    public bool Rpc { get; init; } = true;

    /// <summary>Fresh processes per contender in the cold-start table (<c>--coldstart-runs N</c>, at least 1).</summary>
    public int ColdStartRuns { get; init; } = ColdStart.ColdStartBench.DefaultRuns;

    /// <summary>The <c>--rpc-*</c> options, passed on to <see cref="Rpc.RpcQuickOptions.Parse"/>.</summary>
    public IReadOnlyList<string> RpcArgs { get; init; } = [];

    /// <summary>True when <paramref name="workloadKey"/> passes the filter.</summary>
    public bool Selects(string workloadKey) =>
        Filters.Count == 0 || Filters.Any(f => workloadKey.Contains(f, StringComparison.OrdinalIgnoreCase));

    /// <summary>Parses the arguments after <c>quick</c>.</summary>
    public static QuickOptions Parse(IReadOnlyList<string> args)
    {
        var options = new QuickOptions();
        for (int i = 0; i < args.Count; i++)
        {
            string Next() => i + 1 < args.Count ? args[++i] : throw new ArgumentException($"{args[i]} needs a value.");
            options = args[i] switch
            {
                "--filter" => options with { Filters = Next().Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries) },
                "--loop" => options with { PerzonLoop = int.Parse(Next(), CultureInfo.InvariantCulture) },
                "--budget-ms" => options with { Budget = TimeSpan.FromMilliseconds(int.Parse(Next(), CultureInfo.InvariantCulture)) },
                "--write-docs" => options with { WriteDocs = true },
                "--out" => options with { OutputDirectory = Next(), WriteDocs = true },
                "--no-docs" => options with { WriteDocs = false },
                "--no-rpc" => options with { Rpc = false },
                "--coldstart-runs" => options with { ColdStartRuns = Math.Max(1, int.Parse(Next(), CultureInfo.InvariantCulture)) },
                "--rpc-in-process" or "--rpc-no-big" => options with { RpcArgs = [.. options.RpcArgs, args[i]] },
                "--rpc-budget-ms" or "--rpc-callers" or "--rpc-w3-calls" or "--rpc-big-budget-ms" or "--rpc-big-callers" or "--rpc-best-callers" or "--stream-items" or "--stream-rows" or "--stream-rounds" => options with { RpcArgs = [.. options.RpcArgs, args[i], Next()] },
                _ => throw new ArgumentException($"Unknown option '{args[i]}'. Usage: quick [--filter a,b] [--loop N] [--budget-ms N] [--write-docs] [--out DIR] [--no-rpc] [--coldstart-runs N] [--rpc-budget-ms N] [--rpc-callers N] [--rpc-w3-calls N] [--rpc-in-process] [--rpc-no-big] [--rpc-big-budget-ms N] [--rpc-big-callers N] [--rpc-best-callers N] [--stream-items N] [--stream-rows N] [--stream-rounds N]"),
            };
        }
        return options;
    }
}
