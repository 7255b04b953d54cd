using System.Globalization;

namespace NFX.Perf.Rpc;

/// <summary>Settings of the RPC benchmark's quick run.</summary>
public sealed record RpcQuickOptions
{
    /// <summary>Timed stretch per cell (calls are counted until it runs out). Default 1 s.</summary>
    public TimeSpan Budget { get; init; } = TimeSpan.FromSeconds(1);

    /// <summary>Untimed calls before each cell (JIT, tiering, connection warm-up). Default 0.4 s.</summary>
    public TimeSpan Warmup { get; init; } = TimeSpan.FromMilliseconds(400);

    /// <summary>Untimed calls per workload before any cell, per contender: Glue's are the most (its loops are the hottest code). Default 1.2 s.</summary>
    public TimeSpan InitialWarmup { get; init; } = TimeSpan.FromMilliseconds(1200);

    /// <summary>The initial warm-up of one contender, per workload.</summary>
    public TimeSpan WarmupPerWorkload(RpcContender contender) =>
        contender is GlueRpcContender ? InitialWarmup : InitialWarmup / 3;

    /// <summary>Concurrent callers of the many-in-flight rows (on one client). Default 64.</summary>
    public int Callers { get; init; } = 64;

    /// <summary>W3 with exactly this many calls per cell instead of the time budget (the ancestor's 64,000); null = budget.</summary>
    public int? DbWorkCalls { get; init; }

    /// <summary>False (<c>--rpc-no-big</c>) to skip W4 and W5, the big messages.</summary>
    public bool Big { get; init; } = true;

    /// <summary>Timed stretch per W4/W5 cell (over the rounds; a call of 1 MB each way takes milliseconds, so a short one holds hundreds). Default 0.6 s.</summary>
    public TimeSpan BigBudget { get; init; } = TimeSpan.FromMilliseconds(600);

    /// <summary>Untimed calls before each W4/W5 cell's first round. Default 0.2 s.</summary>
    public TimeSpan BigWarmup { get; init; } = TimeSpan.FromMilliseconds(200);

    /// <summary>Calls each W4/W5 cell makes per round at the least, past its time if need be (the slowest, 1 MB of rows, take tens of ms). Default 8.</summary>
    public int BigMinCallsPerRound { get; init; } = 8;

    /// <summary>Calls a timed stretch makes at the least, past its time if need be (0 for W1-W3: the time decides).</summary>
    public int MinCallsPerRound { get; init; }

    /// <summary>Concurrent callers of the W4/W5 rows with many calls in flight (beside one at a time). Default 16.</summary>
    public int BigCallers { get; init; } = 16;

    /// <summary>
    /// Callers of the W4 rows that show the gRPC contenders in their best configuration (multiple HTTP/2 connections)
    /// beside one connection and Glue. Default 256.
    /// </summary>
    public int BestCallers { get; init; } = 256;

    /// <summary>Servers in this process instead of a child process.</summary>
    public bool InProcess { get; init; }

    /// <summary>
    /// Parses <c>--rpc-budget-ms N --rpc-callers N --rpc-w3-calls N --rpc-in-process --rpc-no-big --rpc-big-budget-ms N
    /// --rpc-big-callers N --rpc-best-callers N</c> (others are ignored).
    /// </summary>
    public static RpcQuickOptions Parse(IReadOnlyList<string> args)
    {
        var options = new RpcQuickOptions();
        for (int i = 0; i < args.Count; i++)
        {
            int Next() => int.Parse(i + 1 < args.Count ? args[++i] : throw new ArgumentException($"{args[i]} needs a value."), CultureInfo.InvariantCulture);
            options = args[i] switch
            {
                "--rpc-budget-ms" => options with { Budget = TimeSpan.FromMilliseconds(Next()) },
                "--rpc-callers" => options with { Callers = Next() },
                "--rpc-w3-calls" => options with { DbWorkCalls = Next() },
                "--rpc-in-process" => options with { InProcess = true },
                "--rpc-no-big" => options with { Big = false },
                "--rpc-big-budget-ms" => options with { BigBudget = TimeSpan.FromMilliseconds(Next()) },
                "--rpc-big-callers" => options with { BigCallers = Next() },
                "--rpc-best-callers" => options with { BestCallers = Next() },
                _ => options,
            };
        }
        return options;
    }
}
