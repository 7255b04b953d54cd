using NFX.Glue;

namespace NFX.Perf.Rpc;

/// <summary>The benchmark's service as a Glue contract (the gRPC contender serves the same three methods).</summary>
[Glued(Name = "nfx.perf.rpc.RpcBench")]
public interface IRpcBench
{
    /// <summary>W1: a + b.</summary>
    ValueTask<int> Sum(int a, int b);

    /// <summary>W2: the text back.</summary>
    ValueTask<string> Echo(string text);

    /// <summary>W3 "DBWork": 10 rows x 10 fields.</summary>
    ValueTask<DbRow[]> DbWork(int id);
}
