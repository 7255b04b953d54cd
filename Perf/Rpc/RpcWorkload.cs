namespace NFX.Perf.Rpc;

/// <summary>The three workloads of the RPC benchmark: a sum of two ints, an echoed string, ten rows of ten fields.</summary>
public enum RpcWorkload
{
    /// <summary>W1: <c>int Sum(int, int)</c>.</summary>
    Sum,

    /// <summary>W2: echo of a 100-byte string.</summary>
    Echo,

    /// <summary>W3: "DBWork", each call returns 10 rows x 10 fields.</summary>
    DbWork,
}
