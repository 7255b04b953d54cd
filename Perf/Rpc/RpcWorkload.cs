namespace NFX.Perf.Rpc;

/// <summary>
/// The workloads of the RPC benchmark: W1-W3 small calls (a sum of two ints, an echoed string, ten rows of ten fields),
/// W4 and W5 big messages (argument and result each carry 64 KB or 1 MB, as one byte[] or as rows of the same size).
/// </summary>
public enum RpcWorkload
{
    /// <summary>W1: <c>int Sum(int, int)</c>.</summary>
    Sum,

    /// <summary>W2: echo of a 100-byte string.</summary>
    Echo,

    /// <summary>W3: "DBWork", each call returns 10 rows x 10 fields.</summary>
    DbWork,

    /// <summary>W4 bytes: a 64 KB byte[] argument echoed as the result.</summary>
    Bytes64K,

    /// <summary>W4 rows: rows totalling 64 KB of field data, echoed.</summary>
    Rows64K,

    /// <summary>W5 bytes: a 1 MB byte[] argument echoed as the result.</summary>
    Bytes1M,

    /// <summary>W5 rows: rows totalling 1 MB of field data, echoed.</summary>
    Rows1M,
}

/// <summary>The two groups of workloads and what a big one carries.</summary>
public static class RpcWorkloads
{
    /// <summary>W4's size: 64 KB each way.</summary>
    public const int W4Bytes = 64 * 1024;

    /// <summary>W5's size: 1 MB each way.</summary>
    public const int W5Bytes = 1024 * 1024;

    /// <summary>W1-W3: the small calls (many callers and one at a time).</summary>
    public static IReadOnlyList<RpcWorkload> Small { get; } = [RpcWorkload.Sum, RpcWorkload.Echo, RpcWorkload.DbWork];

    /// <summary>W4-W5: the big messages, bytes then rows of each size.</summary>
    public static IReadOnlyList<RpcWorkload> Big { get; } = [RpcWorkload.Bytes64K, RpcWorkload.Rows64K, RpcWorkload.Bytes1M, RpcWorkload.Rows1M];

    /// <summary>True for W4 and W5.</summary>
    public static bool IsBig(RpcWorkload workload) => workload >= RpcWorkload.Bytes64K;

    /// <summary>True for the rows form of W4 and W5.</summary>
    public static bool IsRows(RpcWorkload workload) => workload is RpcWorkload.Rows64K or RpcWorkload.Rows1M;

    /// <summary>Bytes of payload the argument carries, and the result again (0 for the small calls).</summary>
    public static int PayloadBytes(RpcWorkload workload) => workload switch
    {
        RpcWorkload.Bytes64K or RpcWorkload.Rows64K => W4Bytes,
        RpcWorkload.Bytes1M or RpcWorkload.Rows1M => W5Bytes,
        _ => 0,
    };

    /// <summary>"W1".."W5".</summary>
    public static string Short(RpcWorkload workload) => workload switch
    {
        RpcWorkload.Sum => "W1",
        RpcWorkload.Echo => "W2",
        RpcWorkload.DbWork => "W3",
        RpcWorkload.Bytes64K or RpcWorkload.Rows64K => "W4",
        _ => "W5",
    };

    /// <summary>"bytes" or "rows" for a big workload, "" for a small one.</summary>
    public static string Form(RpcWorkload workload) => !IsBig(workload) ? "" : IsRows(workload) ? "rows" : "bytes";
}
