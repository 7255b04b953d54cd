using System.Globalization;

namespace NFX.Perf.Rpc.Streaming;

/// <summary>Settings of the streaming benchmark: <c>--stream-items N --stream-rows N --stream-rounds N</c> (and <c>--rpc-in-process</c>).</summary>
public sealed record RpcStreamOptions
{
    /// <summary>S1: small items per stream. Default 1,000,000.</summary>
    public int Items { get; init; } = 1_000_000;

    /// <summary>S2: 10x10-row items per stream. Default 10,000.</summary>
    public int Rows { get; init; } = 10_000;

    /// <summary>Timed streams per contender and workload, interleaved between the contenders. Default 3.</summary>
    public int Rounds { get; init; } = 3;

    /// <summary>Servers in this process instead of a child process.</summary>
    public bool InProcess { get; init; }

    /// <summary>Parses the options it knows and ignores the others (they belong to the rest of the RPC benchmark).</summary>
    public static RpcStreamOptions Parse(IReadOnlyList<string> args)
    {
        var options = new RpcStreamOptions();
        for (int i = 0; i < args.Count; i++)
        {
            int Next() => int.Parse(i + 1 < args.Count ? args[++i] : throw new ArgumentException($"{args[i]} needs a value."), CultureInfo.InvariantCulture);
            options = args[i] switch
            {
                "--stream-items" => options with { Items = Next() },
                "--stream-rows" => options with { Rows = Next() },
                "--stream-rounds" => options with { Rounds = Math.Max(1, Next()) },
                "--rpc-in-process" => options with { InProcess = true },
                _ => options,
            };
        }
        return options;
    }
}
